import type { VersionInfo } from '@app/contract';
import type { ServerConfig } from '../../../../config.js';
import { serverVersion } from '../../../../lib/server-version.js';

/** The app release this server goes with. Bump `version` on a release; `minVersion` when an old app must update. */
export const appRelease = {
  version: '1.0.0',
  minVersion: '1.0.0',
  releaseNotes: '首个版本：选择模板，输入文案与图片，一键生成视频。',
};

/** What 关于 and 登录 show: the release, this server's version, the agreements, the contact line, and whether 登录 offers SMS codes. */
export function versionInfo(config: Pick<ServerConfig, 'termsUrl' | 'privacyUrl' | 'supportContact' | 'sms'>): VersionInfo {
  return {
    ...appRelease,
    serverVersion,
    termsUrl: config.termsUrl ?? '/legal/terms',
    privacyUrl: config.privacyUrl ?? '/legal/privacy',
    supportContact: config.supportContact,
    smsLogin: config.sms !== undefined,
  };
}
