import { Type } from '@sinclair/typebox';
import { adminCall, call } from '../call';
import { LOAD_FAILURE_KINDS, REMOTE_NAMES } from '../limits';
import { StringEnum } from '../schema-kit';


const RemoteParams = Type.Object({ name: StringEnum(REMOTE_NAMES, { title: '远程模块' }) });

/** One remote as the registry holds it. */
export const RemoteView = Type.Object({
  name: StringEnum(REMOTE_NAMES),
  /** The URL it was set with (its mf-manifest.json, or a remoteEntry.js). */
  url: Type.String(),
  /** The remoteEntry.js the shell loads. */
  entry: Type.String(),
  /** The manifest's version (its package.json's); '' when unknown (a first value from REMOTE_*_URL with no manifest). */
  version: Type.String(),
  canary: Type.Union([Type.Object({ url: Type.String(), entry: Type.String(), version: Type.String(), percent: Type.Integer() }), Type.Null()]),
  action: StringEnum(['initial', 'set', 'canary', 'promote', 'rollback'] as const),
  /** When and by whom the current state was made (ms; `admin`, `deploy:<name>` or the variable of the first value). */
  setAt: Type.Number(),
  setBy: Type.String(),
});

const DEPLOY_NOTE =
  '也接受这个远程模块的部署令牌（`remotes token NAME` 生成）：`Authorization: Bearer <部署令牌>`，只能改它自己的远程模块。';

/** Why the registry refuses a change (rspCode 2, the message lists every problem). */
export const RemoteRefusal = {
  noCanary: '没有进行中的灰度',
  noEarlier: '没有更早的版本可以回滚',
} as const;

/** Load failures browsers reported in the last hour: one row per remote, version and kind. */
export const RemoteFailureCount = Type.Object({
  name: StringEnum(REMOTE_NAMES),
  version: Type.String(),
  kind: StringEnum(LOAD_FAILURE_KINDS),
  count: Type.Integer(),
});

export const listRemotes = adminCall({
  path: '/admin/api/remotes/list',
  summary: '远程模块注册表：各远程模块在用的版本、地址、灰度，何时由谁设置，近一小时浏览器报告的加载失败',
  body: Type.Object({}),
  data: Type.Object({ list: Type.Array(RemoteView), failures: Type.Array(RemoteFailureCount) }),
});

/** Per client address: a page's retries and a few tabs fit; a flood does not fill the table. */
export const REMOTE_REPORT_LIMIT = { max: 30, windowMs: 60 * 1000 } as const;

export const reportRemoteFailure = call({
  method: 'POST',
  path: '/api/v1/remotes/report',
  access: 'public',
  tags: ['system'],
  summary: 'shell 报告一次远程模块加载失败（不需要登录）',
  description:
    'kind：missing 文件不存在（404），network 连不上，timeout 超时，incompatible 未通过运行时兼容检查，crashed 页面加载或渲染时抛错。' +
    `每个客户端地址每分钟最多 ${REMOTE_REPORT_LIMIT.max} 次，超过：HTTP 429。\`npm run admin -- remotes list\` 按远程模块和版本列出近一小时的失败。`,
  body: Type.Object({
    remote: StringEnum(REMOTE_NAMES, { title: '远程模块' }),
    version: Type.String({ maxLength: 64, title: '版本' }),
    page: Type.String({ minLength: 1, maxLength: 200, title: '页面' }),
    kind: StringEnum(LOAD_FAILURE_KINDS, { title: '失败类型' }),
  }),
  data: Type.Object({}),
});

export const setRemote = adminCall({
  deploy: true,
  path: '/admin/api/remotes/:name/set',
  summary: '把远程模块换成另一个构建（可按设备百分比灰度）',
  description:
    'url 是构建的 mf-manifest.json（或同目录下的 remoteEntry.js）。先取清单并做兼容检查：清单取不到或读不懂、' +
    '共享模块要求的版本 shell 提供不了、shell 路由到它的页面没有暴露 —— rspCode 2，消息逐条写明，注册表不变。' +
    '带 percent（1–99）：灰度，这个百分比的设备（按设备稳定）拿到新构建；不带：所有人，并结束进行中的灰度。2 秒内所有 API 进程生效。' +
    DEPLOY_NOTE,
  params: RemoteParams,
  body: Type.Object({
    url: Type.String({ minLength: 1, maxLength: 2000, title: '地址' }),
    percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 99, title: '灰度百分比' })),
  }),
  data: RemoteView,
});

export const promoteRemote = adminCall({
  deploy: true,
  path: '/admin/api/remotes/:name/promote',
  summary: '灰度转全量',
  description: `没有灰度：rspCode 2 \`${RemoteRefusal.noCanary}\`。${DEPLOY_NOTE}`,
  params: RemoteParams,
  body: Type.Object({}),
  data: RemoteView,
});

export const rollbackRemote = adminCall({
  deploy: true,
  path: '/admin/api/remotes/:name/rollback',
  summary: '回滚：有灰度时结束灰度，否则回到上一个全量版本',
  description: `没有更早的版本：rspCode 2 \`${RemoteRefusal.noEarlier}\`。${DEPLOY_NOTE}`,
  params: RemoteParams,
  body: Type.Object({}),
  data: RemoteView,
});

export const createDeployToken = adminCall({
  path: '/admin/api/remotes/:name/token',
  summary: '生成这个远程模块的部署令牌',
  description: '令牌只出现在这一次的回答里，服务器只存它的 SHA-256。它能 set、promote、rollback 这个远程模块，别的都不能（例如加积分）。',
  params: RemoteParams,
  body: Type.Object({}),
  data: Type.Object({ token: Type.String() }),
});

export const remoteCalls = { reportRemoteFailure, listRemotes, setRemote, promoteRemote, rollbackRemote, createDeployToken };
