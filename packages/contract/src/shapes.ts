/** The objects the API answers with (docs/api.md), each one schema and one type. */
import { Type, type Static } from '@sinclair/typebox';
import { ASPECT_RATIOS, CAPTION_STYLES, CLIP_MODES, CODE_STATUSES, LEDGER_TYPES, MUSIC_MOODS, TASK_STAGES, TASK_STATUSES, VIDEO_MODELS, VOICE_GENDERS, VOICE_PROVIDERS } from './limits';
import { StringEnum } from './schema-kit';

/** The signed-in user as the app keeps it for its session (/api/v1/account/getAccountInfo). */
export const UserInfo = Type.Object({
  id: Type.String(),
  phone: Type.String(),
  nickname: Type.String(),
  name: Type.String(),
  avatar: Type.String({ description: '头像地址，空字符串表示未设置' }),
  token: Type.String({ description: '登录令牌；应用用整个对象替换本地保存的用户信息，所以总是带上' }),
  createNum: Type.Integer({ description: '积分余额，≥ 0' }),
  expireTime: Type.Integer({ description: '会员到期时间（毫秒）；0 表示从未开通' }),
  createdAt: Type.Integer({ description: '注册时间（毫秒）' }),
  hasPassword: Type.Optional(
    Type.Boolean({ description: '是否设置过密码；用短信验证码注册、还没设过密码的账号为 false（修改密码时不用填原密码）。本服务总是给出；应用只把 false 当作没有密码（较早保存的登录信息里没有这一项）' }),
  ),
});
export type UserInfo = Static<typeof UserInfo>;

/** The answer of 登录/注册: the session, and what a new account was given (the app's 欢迎 toast). */
export const SignInResult = Type.Composite([
  UserInfo,
  Type.Object({
    welcomePoints: Type.Integer({ description: '本次注册赠送的积分（WELCOME_POINTS）；登录已有账号时为 0' }),
    closingAt: Type.Optional(Type.Integer({ description: '账号在注销冷静期内时给出：注销生效时间（毫秒），应用提示可撤销（/api/v1/account/cancel_delete）' })),
    mustChangePassword: Type.Boolean({
      description: '用运营人员给的一次性密码登录时为 true：这个令牌只能调用 /api/v1/account/change_password（以及退出登录），设置新密码之后才能使用其他功能',
    }),
  }),
]);
export type SignInResult = Static<typeof SignInResult>;

/** A template (/api/v1/sysVideo/detail; the admin API answers the same object). */
export const SysVideo = Type.Object({
  id: Type.String(),
  title: Type.String(),
  description: Type.String(),
  category: Type.String(),
  style: Type.String(),
  coverUrl: Type.String({ description: '封面地址；还没有示例视频时为空字符串' }),
  coverThumbUrl: Type.String({
    description: '封面缩略图地址前缀：其后加 `/<宽度>.webp` 或 `/<宽度>.jpg`（GET /thumbs/*）；封面不是本服务存储的文件或还没有封面时为空字符串',
  }),
  videoUrl: Type.String({ description: '示例视频地址；还没有时为空字符串' }),
  duration: Type.Integer({ description: '秒' }),
  aspectRatio: StringEnum(ASPECT_RATIOS),
  sort: Type.Integer({ description: '小的在前' }),
});
export type SysVideo = Static<typeof SysVideo>;

/** A user's video and its making (/api/v1/video_task/detail). */
export const VideoTask = Type.Object({
  id: Type.String(),
  title: Type.String(),
  prompt: Type.String(),
  images: Type.Array(Type.String()),
  templateId: Type.String({ description: '没有模板时为空字符串' }),
  aspectRatio: StringEnum(ASPECT_RATIOS),
  duration: Type.Integer({ description: '秒' }),
  status: StringEnum(TASK_STATUSES, { description: 'queued → processing → succeeded | failed；queued/processing → cancelled' }),
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  queuePosition: Type.Integer({ description: '排队中时从 1 起的名次，否则 0' }),
  cost: Type.Integer({ description: '扣除的积分；failed 与 cancelled 会退还一次' }),
  videoUrl: Type.String({ description: 'succeeded 之前为空字符串' }),
  coverUrl: Type.String({ description: 'succeeded 之前为空字符串' }),
  coverThumbUrl: Type.String({ description: '封面缩略图地址前缀（同 SysVideo.coverThumbUrl）；succeeded 之前为空字符串' }),
  errorMsg: Type.String({ description: 'failed 时的原因，否则为空字符串' }),
  createdAt: Type.Integer(),
  startedAt: Type.Integer({ description: '开始生成的时间，未开始为 0' }),
  finishedAt: Type.Integer({ description: '结束的时间，未结束为 0' }),
  model: StringEnum(VIDEO_MODELS, { description: '生成所用的视频模型' }),
  captionStyle: StringEnum(CAPTION_STYLES, { description: '字幕样式（template 为模板自带的样式）' }),
  stage: Type.Object(
    {
      step: StringEnum(TASK_STAGES),
      clipsDone: Type.Integer({ description: 'AI 模型已生成的片段数（内置渲染器为 0）' }),
      clipsTotal: Type.Integer({ description: 'AI 模型要生成的片段数（内置渲染器为 0）' }),
      label: Type.String({ description: '给用户看的阶段：排队中 / 生成中 / AI 生成片段 2/4 / 合成中 / 已完成 / 生成失败 / 已取消' }),
    },
    { description: '任务进行到哪一步' },
  ),
  voice: Type.String({ description: '配音的 id（见 /api/v1/video_task/voices）；无配音时为空字符串' }),
  voiceName: Type.String({ description: '配音的名字，如 青涩青年；无配音（或该配音已下架）时为空字符串' }),
  voiceSpeed: Type.Number({ description: '配音语速（倍）' }),
  followVoice: Type.Boolean({ description: '视频时长是否按文案朗读时长定（跟随配音时长）' }),
  music: Type.String({
    description: '背景音乐，与 save 的 music 相同：空字符串 = 模板音乐，`none` = 无音乐，`gen:<mood>`，`track:<id>`，或用户上传的音频地址',
  }),
  musicVolume: Type.Integer({ minimum: 0, maximum: 100, description: '音乐音量（%）' }),
  voiceVolume: Type.Integer({ minimum: 0, maximum: 100, description: '配音音量（%）' }),
});
export type VideoTask = Static<typeof VideoTask>;

/** A narration voice on offer (/api/v1/video_task/voices). */
export const Voice = Type.Object({
  id: Type.String({ description: '`<provider>:<音色>`，如 `minimax:female-shaonv`；save 与 quote 的 `voice` 填它' }),
  name: Type.String({ description: '给用户看的名字，如 少女' }),
  gender: StringEnum(VOICE_GENDERS),
  description: Type.String({ description: '一句话介绍' }),
  language: Type.String({ description: 'BCP 47，如 zh-CN' }),
  provider: StringEnum(VOICE_PROVIDERS),
  sampleUrl: Type.String({ description: '试听（WAV）；服务器第一次被问到时合成并保存，尚未合成好时为空字符串' }),
  minSpeed: Type.Number({ description: '该音色可用的最小语速' }),
  maxSpeed: Type.Number({ description: '该音色可用的最大语速' }),
});
export type Voice = Static<typeof Voice>;

/** One video model on offer (/api/v1/video_task/models). */
export const VideoModel = Type.Object({
  id: StringEnum(VIDEO_MODELS),
  name: Type.String(),
  description: Type.String(),
  modes: Type.Array(StringEnum(CLIP_MODES), { description: 'text：文字生成画面；image：照片生成动态画面' }),
  aspectRatios: Type.Array(StringEnum(ASPECT_RATIOS)),
  minDuration: Type.Integer({ description: '秒' }),
  maxDuration: Type.Integer({ description: '秒' }),
  pointsPerSecond: Type.Integer(),
  default: Type.Boolean({ description: '不指定 model 时用它' }),
});
export type VideoModel = Static<typeof VideoModel>;

/** One background music on offer (/api/v1/video_task/music). */
export const MusicTrack = Type.Object({
  id: Type.String({ description: '作为 save 的 music 提交：`gen:<mood>`（引擎生成的音乐）或 `track:<id>`（运营上传的曲目）' }),
  title: Type.String(),
  mood: StringEnum(MUSIC_MOODS),
  durationSeconds: Type.Integer({ description: '曲目时长（秒）；生成的音乐随视频长度，为 0' }),
  sampleUrl: Type.Union([Type.String(), Type.Null()], { description: '试听地址；生成的音乐没有试听，为 null' }),
  kind: StringEnum(['generated', 'track'] as const, { description: 'generated：引擎按情绪生成；track：运营上传的曲目' }),
});
export type MusicTrack = Static<typeof MusicTrack>;

/** An operator's track as the admin API shows it. */
export const AdminMusicTrack = Type.Object({
  id: Type.String(),
  title: Type.String(),
  mood: StringEnum(MUSIC_MOODS),
  durationSeconds: Type.Number({ description: '秒（含小数）' }),
  contentType: Type.String(),
  size: Type.Integer({ description: '字节' }),
  url: Type.String({ description: '文件地址' }),
  createdAt: Type.Integer(),
});
export type AdminMusicTrack = Static<typeof AdminMusicTrack>;

/** The price of a video before it is made (/api/v1/video_task/quote). */
export const Quote = Type.Object({
  cost: Type.Integer({ description: '总价（已含配音）' }),
  balance: Type.Integer(),
  enough: Type.Boolean(),
  voicePoints: Type.Integer({ description: '其中配音的积分（无配音为 0）' }),
});
export type Quote = Static<typeof Quote>;

/** Where a queued video stands (/api/v1/video_task/get_queue_position). */
export const QueuePosition = Type.Object({
  status: StringEnum(TASK_STATUSES),
  position: Type.Integer(),
  total: Type.Integer(),
  estimatedWaitSeconds: Type.Integer(),
});
export type QueuePosition = Static<typeof QueuePosition>;

/** A video's public page (视频详情 复制链接): `url` is `/s/<token>` on the server that answered; '' = not shared. */
export const ShareLink = Type.Object({
  url: Type.String({ description: '分享页的完整地址（`<服务器>/s/<token>`）；未分享时为空字符串' }),
  createdAt: Type.Integer({ description: '建立时间（毫秒），未分享时为 0' }),
});
export type ShareLink = Static<typeof ShareLink>;

/** What a redeemed code granted, and the balance and membership after it (/api/v1/activationCode/activate). */
export const RedeemResult = Type.Object({
  points: Type.Integer({ description: '本次获得的积分' }),
  days: Type.Integer({ description: '本次延长的会员天数' }),
  createNum: Type.Integer({ description: '兑换后的积分余额' }),
  expireTime: Type.Integer({ description: '兑换后的会员有效期（毫秒），0 = 非会员' }),
});
export type RedeemResult = Static<typeof RedeemResult>;

/** One redeemed code (兑换记录). */
export const ExchangeRecord = Type.Object({
  id: Type.String(),
  code: Type.String({ description: '如 ABCD********WXYZ' }),
  points: Type.Integer(),
  days: Type.Integer(),
  createdAt: Type.Integer(),
});
export type ExchangeRecord = Static<typeof ExchangeRecord>;

/** One change of the points balance (积分记录). */
export const PointsRecord = Type.Object({
  id: Type.String(),
  change: Type.Integer(),
  balance: Type.Integer(),
  type: StringEnum(LEDGER_TYPES),
  title: Type.String(),
  taskId: Type.String(),
  createdAt: Type.Integer(),
});
export type PointsRecord = Static<typeof PointsRecord>;

/** The answer of stsPolicy: POST `fields`, then `key`, then `file` to `host`; then use `url`. */
export const UploadPolicy = Type.Object({
  host: Type.String({ description: '上传地址（multipart POST）' }),
  dir: Type.String({ description: '只有该用户可写的前缀' }),
  key: Type.String({ description: '本次上传的文件键，作为 key 字段提交' }),
  expire: Type.Integer({ description: '凭证失效时间（秒级时间戳，10 分钟后）' }),
  maxSize: Type.Integer({ description: '文件大小上限（字节）' }),
  contentTypes: Type.Array(Type.String(), { description: '允许的图片类型' }),
  fields: Type.Unsafe<Record<string, string>>({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: '须原样提交的表单字段（在 key 与 file 之前）',
  }),
  url: Type.String({ description: '上传成功后文件的访问地址' }),
});
export type UploadPolicy = Static<typeof UploadPolicy>;

/** The app's and the server's versions (/api/v1/version/info). */
export const VersionInfo = Type.Object({
  version: Type.String({ description: '当前应用版本' }),
  minVersion: Type.String({ description: '仍可使用的最低应用版本' }),
  releaseNotes: Type.String({ description: '更新说明' }),
  serverVersion: Type.String({ description: '服务端版本' }),
  termsUrl: Type.String({ description: '《用户协议》的地址：TERMS_URL，未设置时为本服务器的 `/legal/terms`' }),
  privacyUrl: Type.String({ description: '《隐私政策》的地址：PRIVACY_URL，未设置时为本服务器的 `/legal/privacy`' }),
  supportContact: Type.String({ description: '联系方式（SUPPORT_CONTACT），未设置时为空字符串' }),
  smsLogin: Type.Boolean({ description: '是否配置了短信验证码（SMS_PROVIDER）：是则登录页默认「验证码登录」' }),
});
export type VersionInfo = Static<typeof VersionInfo>;

/** A batch of activation codes with how many of them are in each state (admin API). */
export const CodeBatch = Type.Object({
  id: Type.String(),
  points: Type.Integer(),
  days: Type.Integer(),
  count: Type.Integer(),
  endsAt: Type.Integer({ description: '截止时间（毫秒），0 = 不限' }),
  note: Type.String(),
  createdAt: Type.Integer(),
  unused: Type.Integer({ description: '可兑换的码数' }),
  used: Type.Integer(),
  disabled: Type.Integer(),
  expired: Type.Integer({ description: '过了截止时间仍未兑换的码数' }),
});
export type CodeBatch = Static<typeof CodeBatch>;

/** One activation code as operators see it (admin API). */
export const CodeView = Type.Object({
  id: Type.String(),
  code: Type.String(),
  batchId: Type.String(),
  status: StringEnum(CODE_STATUSES),
  points: Type.Integer(),
  days: Type.Integer(),
  endsAt: Type.Integer({ description: '0 = 不限' }),
  redeemedByPhone: Type.String({ description: '兑换人的手机号；未兑换为空字符串' }),
  redeemedAt: Type.Integer({ description: '0 = 未兑换' }),
  disabledAt: Type.Integer({ description: '0 = 未停用' }),
  createdAt: Type.Integer(),
});
export type CodeView = Static<typeof CodeView>;

/** A points grant by an operator (admin API). */
export const Grant = Type.Object({
  userId: Type.String(),
  phone: Type.String(),
  change: Type.Integer(),
  balance: Type.Integer({ description: '变动后的余额' }),
});
export type Grant = Static<typeof Grant>;

/** A template as the admin API adds it: the app's object and whether its sample is made yet. */
export const AdminTemplate = Type.Composite([
  SysVideo,
  Type.Object({
    sampleStatus: StringEnum(['ready', 'pending'] as const, { description: 'ready：App 中已可见；pending：样片渲染中，完成后出现' }),
  }),
]);
export type AdminTemplate = Static<typeof AdminTemplate>;
