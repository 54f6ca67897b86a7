import type { VersionInfo } from '@app/contract';
import { serverVersion } from '../../../../lib/server-version.js';

/** The app release this server goes with. Bump `version` on a release; `minVersion` when an old app must update. */
export const versionInfo: VersionInfo = {
  version: '1.0.0',
  minVersion: '1.0.0',
  releaseNotes: '首个版本：选择模板，输入文案与图片，一键生成视频。',
  serverVersion,
};
