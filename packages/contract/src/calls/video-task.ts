import { Type } from '@sinclair/typebox';
import { call, SignedIn } from '../call';
import { ASPECT_RATIOS, AUDIO_SECONDS_MAX, AUDIO_SECONDS_MIN, CAPTION_STYLES, DEFAULT_VIDEO_MODEL, DURATION_MAX, DURATION_MIN, MUSIC_VOLUME_PERCENT_DEFAULT, PICTURES_MAX, PROMPT_MAX, TASK_STATUSES, TITLE_MAX, VIDEO_MODELS, VOICE_ID_MAX, VOICE_SPEED_DEFAULT, VOICE_SPEED_MAX, VOICE_SPEED_MIN, VOICE_VOLUME_PERCENT_DEFAULT, VOLUME_MAX } from '../limits';
import { Defaulted, Empty, Page, pageProperties, StringEnum, Text, Token } from '../schema-kit';
import { MusicTrack, QueuePosition, Quote, ShareLink, VideoModel, VideoTask, Voice } from '../shapes';

const tags = ['video_task'];

const duration = Type.Integer({ minimum: DURATION_MIN, maximum: DURATION_MAX, title: '视频时长' });
const templateId = Text('模板ID', { max: 32 }, { description: '模板的 id；空字符串或不给等于不用模板' });
const taskIdBody = SignedIn({ id: Text('视频ID', { min: 1, max: 32 }) });

const model = Defaulted(
  StringEnum(VIDEO_MODELS, { title: '视频模型', description: '见 /api/v1/video_task/models；不给等于 builtin（内置渲染器）' }),
  DEFAULT_VIDEO_MODEL,
);
const MODEL_RULES =
  '所选模型须已配置（否则 rspCode 2 `该视频模型暂不可用`），并支持所给的画面比例、时长与图片（否则 rspCode 2，消息写明哪一项，如 `可灵不支持 1:1 画面`）。';

// Narration (配音): a listed voice or none, its speed.
const voice = Text('配音', { max: VOICE_ID_MAX }, { description: '见 /api/v1/video_task/voices 的 id；空字符串或不给等于无配音' });
const voiceSpeed = Defaulted(
  Type.Number({ minimum: VOICE_SPEED_MIN, maximum: VOICE_SPEED_MAX, title: '配音语速', description: '倍数；还须在该音色的 minSpeed–maxSpeed 之内' }),
  VOICE_SPEED_DEFAULT,
);
const VOICE_RULES =
  '有配音时另加配音的积分（`voicePoints`，每个视频 VOICE_POINTS，默认 2）。未提供的配音：rspCode 2 `配音「…」暂不可用`；语速超出该音色的范围：rspCode 2。';
/** Why a music choice is refused (rspCode 2). */
export const MusicRefusal = {
  unknown: '所选背景音乐不存在，请重新选择',
  notYours: '音乐地址无效，请重新上传',
  tooShort: `音乐太短，至少 ${AUDIO_SECONDS_MIN} 秒`,
  tooLong: `音乐太长，最长 ${AUDIO_SECONDS_MAX / 60} 分钟`,
  unreadable: '音乐文件无法播放，请换一个 mp3、m4a、aac 或 wav 文件',
} as const;

const music = Defaulted(
  Text('背景音乐', { max: 2048 }, {
    description:
      '空字符串或不给 = 模板自己的音乐（按模板风格生成）；`none` = 无音乐；`gen:<mood>` = 引擎按情绪生成（mood 见 /api/v1/video_task/music）；' +
      '`track:<id>` = 运营上传的曲目；或本服务为该用户签发的音频上传地址（kind `audio`）。',
  }),
  '',
);
const musicVolume = Defaulted(Type.Integer({ minimum: 0, maximum: VOLUME_MAX, title: '音乐音量' }), MUSIC_VOLUME_PERCENT_DEFAULT);
const voiceVolume = Defaulted(Type.Integer({ minimum: 0, maximum: VOLUME_MAX, title: '配音音量' }), VOICE_VOLUME_PERCENT_DEFAULT);
const MUSIC_RULES =
  `背景音乐不存在（未知的 gen:/track:）：rspCode 2 \`${MusicRefusal.unknown}\`；不是本服务为该用户签发的音频地址：rspCode 2 \`${MusicRefusal.notYours}\`；` +
  `上传的音乐须 ${AUDIO_SECONDS_MIN} 秒到 ${AUDIO_SECONDS_MAX / 60} 分钟（否则 rspCode 2，消息写明）。音量为 0–100 的整数。`;

const NOT_FOUND = '不存在的或别人的视频：rspCode 4 `视频不存在`（两者答复相同）。';

export const quote = call({
  method: 'POST',
  path: '/api/v1/video_task/quote',
  access: 'user',
  tags,
  summary: '生成前询价',
  description:
    '价格 = 所选模型的每秒积分（内置渲染器为 POINTS_PER_SECOND，默认 1）× 时长。`enough` 表示当前余额是否够用。未知模板：rspCode 4 `模板不存在`。' +
    MODEL_RULES +
    VOICE_RULES,
  body: SignedIn({
    duration,
    templateId: Type.Optional(templateId),
    model,
    aspectRatio: Type.Optional(StringEnum(ASPECT_RATIOS, { title: '画面比例' })),
    pictures: Type.Optional(Type.Integer({ minimum: 0, maximum: PICTURES_MAX, title: '图片张数', description: '将上传的图片张数（检查模型能否用图片）' })),
    voice: Type.Optional(voice),
    voiceSpeed,
  }),
  data: Quote,
});

export const save = call({
  method: 'POST',
  path: '/api/v1/video_task/save',
  access: 'user',
  tags,
  summary: '提交生成任务',
  description:
    '建立任务（status `queued`）并在同一事务中扣除积分：积分不足时 rspCode 3 `积分不足`，什么也不建。' +
    '`images` 须是本服务为该用户签发的上传地址（否则 rspCode 2 `图片地址无效`）；未知模板 rspCode 4 `模板不存在`。' +
    '同一用户带相同 `clientRequestId` 再次提交（包括同时提交）时答复第一次建立的任务，只扣一次积分；那个任务已删除时 rspCode 4。' +
    '会员的任务先于非会员的被处理，其次先到先得。' +
    MODEL_RULES +
    MUSIC_RULES +
    '选 AI 模型时，视频按模型的片段长度分段：有图片时每张图一段（图生视频），没有时按文案分段（文生视频），再由服务器合成为一个视频。' +
    VOICE_RULES +
    '有配音时，文案按约每秒 4 字（乘以语速）估算朗读时长，加上片头 1.5 秒与结尾 0.5 秒须不超过 `duration`，否则 rspCode 2 `文案朗读约需 N 秒，请加长视频或精简文案`。' +
    '`followVoice`（跟随配音时长）为 true 时，`duration` 由服务器按同一估算定（5–60 秒），价格按它计算；生成时配音若比估算长，视频延长到能容下整段配音（不超过 60 秒，不另收费），60 秒也容不下则生成失败并退还积分。',
  body: SignedIn({
    title: Text('标题', { min: 1, max: TITLE_MAX }),
    prompt: Text('文案', { min: 1, max: PROMPT_MAX }),
    images: Defaulted(Type.Array(Text('图片地址', { min: 1, max: 2048 }), { title: '图片', maxItems: PICTURES_MAX }), []),
    templateId: Type.Optional(templateId),
    aspectRatio: StringEnum(ASPECT_RATIOS, { title: '画面比例' }),
    duration,
    model,
    captionStyle: Defaulted(
      StringEnum(CAPTION_STYLES, {
        title: '字幕样式',
        description: 'template：模板自带的样式；classic：底部半透明深色条上的白字；bold：画面中下方的大号黄字粗描边；subtitle：最底部的小号白字带阴影。不给等于 template',
      }),
      'template',
    ),
    voice: Type.Optional(voice),
    voiceSpeed,
    followVoice: Defaulted(Type.Boolean({ title: '跟随配音时长', description: '须有配音' }), false),
    music,
    musicVolume,
    voiceVolume,
    clientRequestId: Type.Optional(
      Text('请求ID', { min: 1, max: 64 }, { description: '客户端为一次提交生成的随机串：重试时带同一个，不会重复扣费' }),
    ),
  }),
  data: VideoTask,
});

export const taskList = call({
  method: 'POST',
  path: '/api/v1/video_task/query_user_task',
  access: 'user',
  tags,
  summary: '我的视频（新的在前）',
  description: '已删除的不出现。给出 `status` 时只列该状态的。',
  body: SignedIn({ ...pageProperties, status: Type.Optional(StringEnum(TASK_STATUSES, { title: '状态' })) }),
  data: Page(VideoTask),
});

export const taskDetail = call({
  method: 'POST',
  path: '/api/v1/video_task/detail',
  access: 'user',
  tags,
  summary: '视频详情',
  description: NOT_FOUND,
  body: taskIdBody,
  data: VideoTask,
});

export const queuePosition = call({
  method: 'POST',
  path: '/api/v1/video_task/get_queue_position',
  access: 'user',
  tags,
  summary: '排队位置',
  description:
    '`position`：排队中时从 1 起的名次（会员优先，其次先到先得），否则 0；`total`：此刻排队中的任务总数；' +
    '`estimatedWaitSeconds`：按最近的生成用时估算的等待秒数。' +
    NOT_FOUND,
  body: taskIdBody,
  data: QueuePosition,
});

export const cancelTask = call({
  method: 'POST',
  path: '/api/v1/video_task/cancel',
  access: 'user',
  tags,
  summary: '取消生成',
  description: '排队中或生成中可取消（正在进行的生成立即停止），积分退还一次；已结束的：rspCode 5。' + NOT_FOUND,
  body: taskIdBody,
  data: VideoTask,
});

export const deleteTask = call({
  method: 'POST',
  path: '/api/v1/video_task/delete',
  access: 'user',
  tags,
  summary: '删除视频',
  description: '排队中或生成中的先取消（退还积分）；生成的视频与封面从存储中删除；之后任何调用都不再出现它。' + NOT_FOUND,
  body: taskIdBody,
  data: Empty,
});

export const deleteFileUrl = call({
  method: 'POST',
  path: '/api/v1/video_task/delete_file_url',
  access: 'user',
  tags,
  summary: '删除自己上传的文件',
  description:
    'Removes a file the caller uploaded (an image taken out of the uploader before submit): the object and its record. ' +
    'A URL this server did not issue, an unknown key, another user\'s file, or a video/cover (they go with their task): ' +
    'rspCode 4 `文件不存在`. A file still in use (an image of a live task, the current avatar): rspCode 5.',
  body: SignedIn({ url: Text('文件地址', { min: 1, max: 2048 }) }),
  data: Empty,
});

/** Why a video cannot be shared yet (rspCode 5). */
export const SHARE_NOT_READY = '视频生成完成后才能分享';

const SHARE_PAGE =
  '分享页 `GET /s/<token>` 无需登录：服务器生成的网页，播放视频并显示标题，带 Open Graph 标签（og:title、og:type、og:video、og:image、og:url），' +
  '聊天软件据此显示预览；未知的、已取消的或视频已删除的链接答复 404 页面。token 为 144 位随机数。';

export const shareLink = call({
  method: 'POST',
  path: '/api/v1/video_task/share_link',
  access: 'user',
  tags,
  summary: '建立分享链接',
  description:
    '答复该视频现有的分享链接，没有时建立一个；`renew` 为 true 时换一个新链接，旧链接随即失效。只有已完成的视频能分享（否则 rspCode 5 `' +
    SHARE_NOT_READY +
    '`）。删除视频即取消它的链接。' +
    SHARE_PAGE +
    NOT_FOUND,
  body: SignedIn({
    id: Text('视频ID', { min: 1, max: 32 }),
    renew: Defaulted(Type.Boolean({ title: '换新链接', description: 'true：作废现有链接并建立新的' }), false),
  }),
  data: ShareLink,
});

export const getShareLink = call({
  method: 'POST',
  path: '/api/v1/video_task/get_share_link',
  access: 'user',
  tags,
  summary: '查看分享链接',
  description: '该视频现有的分享链接；没有分享时 `url` 为空字符串。' + NOT_FOUND,
  body: taskIdBody,
  data: ShareLink,
});

export const revokeShareLink = call({
  method: 'POST',
  path: '/api/v1/video_task/revoke_share_link',
  access: 'user',
  tags,
  summary: '取消分享',
  description: '作废该视频的分享链接，之后打开它答复 404；没有分享时也答复成功。' + NOT_FOUND,
  body: taskIdBody,
  data: Empty,
});

export const videoModels = call({
  method: 'POST',
  path: '/api/v1/video_task/models',
  access: 'public',
  tags,
  summary: '可选的视频模型',
  description: '内置渲染器（builtin）总在其中；托管模型（通义万相 wan、豆包 Seedance、可灵 kling、自建 ComfyUI）只在服务器配置了它们的密钥时出现。无需登录。',
  body: Type.Object({ token: Type.Optional(Token) }),
  data: Type.Object({ list: Type.Array(VideoModel) }),
});

export const voices = call({
  method: 'POST',
  path: '/api/v1/video_task/voices',
  access: 'public',
  tags,
  summary: '可选的配音',
  description:
    '服务器配置了的语音合成服务（MiniMax、火山引擎豆包）所提供的音色；一个也没配置时 `list` 为空，此时不提供配音（没有离线中文语音）。' +
    '`pointsPerVideo`：有配音的视频另加的积分。`sampleUrl` 是服务器第一次被问到时为该音色合成的试听，保存后一直可用；合成好之前为空字符串。无需登录。',
  body: Type.Object({ token: Type.Optional(Token) }),
  data: Type.Object({ list: Type.Array(Voice), pointsPerVideo: Type.Integer() }),
});

export const musicList = call({
  method: 'POST',
  path: '/api/v1/video_task/music',
  access: 'public',
  tags,
  summary: '可选的背景音乐',
  description:
    '先是引擎生成的音乐，每种情绪一项（`gen:<mood>`，按视频长度生成，没有试听），再是运营上传的曲目（`track:<id>`，试听地址即曲目文件）。' +
    '选中项的 id 作为 save 的 `music` 提交。无需登录。',
  body: Type.Object({ token: Type.Optional(Token) }),
  data: Type.Object({ list: Type.Array(MusicTrack) }),
});

export const videoTaskCalls = { videoModels, voices, musicList, quote, save, taskList, taskDetail, queuePosition, cancelTask, deleteTask, deleteFileUrl, shareLink, getShareLink, revokeShareLink };
