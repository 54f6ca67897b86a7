/**
 * The API's field limits and value sets: what the server validates and the apps check before
 * sending (docs/api.md). Plain values with no schema library, so an app that imports a limit
 * bundles only the limit.
 */

/** 极速生成视频: a video's title, script, pictures and length. */
export const TITLE_MAX = 30;
export const PROMPT_MAX = 500;
export const PICTURES_MAX = 9;
export const DURATION_MIN = 5;
export const DURATION_MAX = 60;
/** AI 帮写: the user's extra wishes for the script (突出性价比、语气活泼…). */
export const HINT_MAX = 200;
/** AI 帮写 writes about this many characters per second of the video (a calm Mandarin reading pace). */
export const SCRIPT_CHARS_PER_SECOND = 4;

/** 个人资料. */
export const NICKNAME_MAX = 20;
export const NAME_MAX = 20;

/** A mainland mobile number: 11 digits from 13–19. */
export const PHONE_PATTERN = '^1[3-9]\\d{9}$';

/**
 * A password as sign-in takes it: 6–32 characters (what the rule once was, so older passwords
 * still sign in). A new password meets PASSWORD_RULE (newPasswordProblem in ./rules).
 */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 32;
export const NEW_PASSWORD_MIN = 8;
export const NEW_PASSWORD_MAX = 32;

/** Activation codes: 16 characters, upper-case letters and digits without 0 O 1 I, which read alike. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 16;

/** Pages of a list call. */
export const PAGE_SIZE_MAX = 50;
export const PAGE_SIZE_DEFAULT = 10;
/** 首页's gallery asks for templates this many at a time (and the page for `/` carries its first page). */
export const TEMPLATE_PAGE_SIZE = 10;
/** The admin API pages through whole batches. */
export const ADMIN_PAGE_SIZE_MAX = 1000;
export const ADMIN_PAGE_SIZE_DEFAULT = 100;

/** One upload, whichever store takes it: jpeg, png or webp, at most 10 MiB; a policy is good for 10 minutes. */
export const UPLOAD_MAX_SIZE = 10 * 1024 * 1024;
export const UPLOAD_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];
export const UPLOAD_POLICY_TTL_SECONDS = 10 * 60;

/** What the app uploads: a picture for a video, its own avatar, or its own music for a video. */
export const UPLOAD_KINDS = ['image', 'avatar', 'audio'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

export const ASPECT_RATIOS = ['9:16', '16:9', '1:1'] as const;
export type AspectRatio = (typeof ASPECT_RATIOS)[number];

/** queued → processing → succeeded | failed; queued/processing → cancelled. */
export const TASK_STATUSES = ['queued', 'processing', 'succeeded', 'failed', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
/** The statuses of a task still being made: it may be cancelled, and its points are still at stake. */
export const LIVE_TASK_STATUSES: readonly TaskStatus[] = ['queued', 'processing'];

/** Why the points balance changed (积分记录). */
/** `write`: an AI 帮写 call (its refund on failure is a `refund`); `close`: the balance forfeited when a closed account is swept. */
export const LEDGER_TYPES = ['register', 'redeem', 'generate', 'refund', 'admin', 'write', 'close'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];

/** An activation code as the admin API lists it. */
export const CODE_STATUSES = ['unused', 'used', 'disabled', 'expired'] as const;
export type CodeStatus = (typeof CODE_STATUSES)[number];

/** The remotes the shell loads (remotes.json). */
/** The agreements the server serves at /legal/<name> (用户协议, 隐私政策). */
export const LEGAL_DOCUMENTS = ['terms', 'privacy'] as const;
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

export const REMOTE_NAMES = ['create', 'account', 'auth'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * Why a remote's page did not load, as the shell tells it (and reports it): a file that is not
 * there (HTTP 404), no connection, no answer in time, a build the shell refuses (a shared module's
 * version, a page not exposed), or a page that throws while its module loads or renders.
 */
export const LOAD_FAILURE_KINDS = ['missing', 'network', 'timeout', 'incompatible', 'crashed'] as const;
export type LoadFailureKind = (typeof LOAD_FAILURE_KINDS)[number];

/** The video models a server may offer (POST /api/v1/video_task/models lists those configured): `builtin` always. */
export const VIDEO_MODELS = ['builtin', 'wan', 'seedance', 'kling', 'comfyui'] as const;
export type VideoModelId = (typeof VIDEO_MODELS)[number];
export const DEFAULT_VIDEO_MODEL: VideoModelId = 'builtin';
/** What a model can start a clip from: words, or a picture. */
export const CLIP_MODES = ['text', 'image'] as const;

/**
 * Where a task is, for the apps to show: waiting (排队中), the built-in renderer drawing (生成中),
 * a hosted model making its clips (AI 生成片段 2/4), our engine putting them together (合成中), ended.
 */
export const TASK_STAGES = ['queued', 'rendering', 'clips', 'composing', 'ended'] as const;
export type TaskStage = (typeof TASK_STAGES)[number];

/** The moods of the music the engine makes; each template sounds like one of them (its params.mood, or its style). */
export const MUSIC_MOODS = ['travel', 'food', 'festival', 'tech', 'family', 'business'] as const;
export type MusicMood = (typeof MUSIC_MOODS)[number];
/** Default loudness of the music under a video, 0–1. */
export const MUSIC_VOLUME_DEFAULT = 0.6;

/**
 * The user's own music (upload kind `audio`): mp3, m4a (MP4/AAC), aac (ADTS) or wav, told from
 * the bytes, at most 20 MiB, and from AUDIO_SECONDS_MIN to AUDIO_SECONDS_MAX long (checked when
 * the video is saved: a policy cannot measure sound).
 */
export const AUDIO_UPLOAD_MAX_SIZE = 20 * 1024 * 1024;
/** The types an audio upload is stored with, from its magic numbers. */
export const AUDIO_CONTENT_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/aac', 'audio/wav'] as const;
export type AudioContentType = (typeof AUDIO_CONTENT_TYPES)[number];
/**
 * The types a browser may declare for such a file (they differ by browser and system; a file
 * the browser cannot name goes as application/octet-stream): the bytes decide in the end.
 */
export const AUDIO_DECLARED_TYPES = [
  ...AUDIO_CONTENT_TYPES,
  'audio/mp3',
  'audio/x-mpeg',
  'audio/x-mp3',
  'audio/x-m4a',
  'audio/m4a',
  'audio/x-aac',
  'audio/aacp',
  'audio/vnd.dlna.adts',
  'audio/x-hx-aac-adts',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'application/octet-stream',
] as const;
/** File names the app's picker offers. */
export const AUDIO_EXTENSIONS = ['.mp3', '.m4a', '.aac', '.wav'] as const;
export const AUDIO_SECONDS_MIN = 1;
export const AUDIO_SECONDS_MAX = 10 * 60;

/** Volumes as the API takes them: whole percents (RenderTask takes 0–1). */
export const VOLUME_MAX = 100;
export const MUSIC_VOLUME_PERCENT_DEFAULT = Math.round(MUSIC_VOLUME_DEFAULT * 100);
export const VOICE_VOLUME_PERCENT_DEFAULT = 100;

/** What each mood's music is called in the app (背景音乐). */
export const MUSIC_MOOD_TITLES: Readonly<Record<MusicMood, string>> = {
  travel: '轻快旅行',
  food: '温馨美食',
  festival: '喜庆节日',
  tech: '科技律动',
  family: '温暖亲子',
  business: '沉稳商务',
};

/**
 * The mood of a template's style, for templates whose params name none: the six built-in
 * templates' styles (modules/templates/seed-templates). Any other style sounds like `travel`.
 */
export const STYLE_MOODS: Readonly<Record<string, MusicMood>> = {
  清新: 'travel',
  温馨: 'food',
  喜庆: 'festival',
  科技感: 'tech',
  童趣: 'family',
  简约: 'business',
};
export const DEFAULT_MUSIC_MOOD: MusicMood = 'travel';

/**
 * The one rule for which music a template has: its params.mood when that is a mood, else its
 * style's (STYLE_MOODS), else DEFAULT_MUSIC_MOOD. The server's workers and the app both read it.
 */
export function moodOfTemplate(template: { style?: string; params?: Record<string, unknown> } | undefined): MusicMood {
  const mood = template?.params?.mood;
  if (typeof mood === 'string' && (MUSIC_MOODS as readonly string[]).includes(mood)) return mood as MusicMood;
  return (template?.style !== undefined && STYLE_MOODS[template.style]) || DEFAULT_MUSIC_MOOD;
}

/** Looks of the captions a user can choose from in the form; `template` follows the template's own look. */
export const CAPTION_STYLES = ['template', 'classic', 'bold', 'subtitle'] as const;
export type CaptionStyleId = (typeof CAPTION_STYLES)[number];

/**
 * Narration (配音): a voice's speed as a multiple of its normal pace, and the ids of the voices
 * (`<provider>:<vendor voice id>`, listed by POST /api/v1/video_task/voices). A voice id is at
 * most VOICE_ID_MAX characters.
 */
export const VOICE_SPEED_MIN = 0.5;
export const VOICE_SPEED_MAX = 2;
export const VOICE_SPEED_DEFAULT = 1;
export const VOICE_ID_MAX = 80;
/** The hosted voice providers a server may offer (each only with its keys configured). */
export const VOICE_PROVIDERS = ['minimax', 'volc'] as const;
export type VoiceProviderId = (typeof VOICE_PROVIDERS)[number];
export const VOICE_GENDERS = ['female', 'male'] as const;
export type VoiceGender = (typeof VOICE_GENDERS)[number];

/**
 * Cover thumbnails (`GET /thumbs/<key>/<width>.<format>`): the widths a thumbnail is made at (a
 * cover narrower than one is not enlarged) and its formats — WebP, with JPEG for browsers without it.
 */
export const THUMBNAIL_WIDTHS = [160, 320, 480, 640] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];
export const THUMBNAIL_FORMATS = ['webp', 'jpg'] as const;
export type ThumbnailFormat = (typeof THUMBNAIL_FORMATS)[number];

/** The address of one thumbnail, from the `coverThumbUrl` the API gives (empty when there is none). */
export function thumbnailUrl(coverThumbUrl: string, width: ThumbnailWidth, format: ThumbnailFormat): string {
  return coverThumbUrl ? `${coverThumbUrl}/${width}.${format}` : '';
}
