import { Type } from '@sinclair/typebox';
import { call } from '../call';
import { REMOTE_NAMES } from '../limits';
import { StringEnum } from '../schema-kit';
import { VersionInfo } from '../shapes';

export const versionInfo = call({
  method: 'GET',
  path: '/api/v1/version/get_version_info',
  access: 'public',
  tags: ['version'],
  summary: '应用版本信息',
  data: VersionInfo,
});

export const healthz = call({
  method: 'GET',
  path: '/healthz',
  access: 'public',
  tags: ['system'],
  summary: '健康检查：每项检查（如数据库）都通过时 200，否则 503',
  responses: {
    200: Type.Object({ status: StringEnum(['ok'] as const) }),
    503: Type.Object({ status: StringEnum(['unavailable'] as const) }),
  },
});

const remoteUrl = Type.String({ description: "The remote's remoteEntry.js: an absolute URL or a same-origin path" });

export const remotesJson = call({
  method: 'GET',
  path: '/remotes.json',
  access: 'public',
  tags: ['system'],
  summary: '各远程模块入口地址（shell 运行时读取）',
  description:
    '来自远程模块注册表（`npm run admin -- remotes …`），改动 2 秒内生效。device 是 shell 保存的设备 ID：' +
    '有灰度时，hash(device) % 100 小于灰度百分比的设备拿到灰度构建；不带 device 时总是全量构建。',
  querystring: Type.Object({ device: Type.Optional(Type.String({ maxLength: 128, title: '设备ID' })) }),
  responses: {
    200: Type.Object({
      ...({ create: remoteUrl, account: remoteUrl, auth: remoteUrl } satisfies Record<(typeof REMOTE_NAMES)[number], unknown>),
      overrides: Type.Optional(
        Type.Literal(true, {
          description:
            '只在服务器开了 ALLOW_REMOTE_OVERRIDE 时出现：这个页面可以用 `?remote.<名字>=<mf-manifest.json 的地址>` 让本标签页改用另一个构建（开发用，页面显示「覆盖中」）',
        }),
      ),
    }),
  },
});

export const foo = call({
  method: 'GET',
  path: '/foo',
  access: 'public',
  tags: ['sample'],
  summary: '示例：原样返回 name',
  querystring: Type.Object({ name: Type.String() }),
  data: Type.Object({ name: Type.String() }),
});

export const systemCalls = { versionInfo, healthz, remotesJson, foo };
