import { ASPECT_RATIOS, CAPTION_STYLES, LEDGER_TYPES, MUSIC_MOODS, TASK_STATUSES, VIDEO_MODELS } from '@app/contract';
import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';

// The tables as the queries see them. The migrations (./migrations) create them; a test checks
// the two agree column by column.

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const userRef = (name = 'user_id') => bigint(name, { mode: 'number' });

export const users = pgTable('users', {
  id: id(),
  phone: text('phone').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  nickname: text('nickname').notNull(),
  name: text('name').notNull().default(''),
  avatar: text('avatar').notNull().default(''),
  /** The balance (createNum); a CHECK keeps it ≥ 0. */
  points: integer('points').notNull().default(0),
  memberUntil: timestamp('member_until', { withTimezone: true }),
  createdAt: createdAt(),
  /** 注销账号 (migrations/0016): the end of the cooling-off; null when not closing. */
  closingAt: timestamp('closing_at', { withTimezone: true }),
  /** When the sweep closed the account (its row anonymised); null while it lives. */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  /** False for an account made by an SMS code until it sets a password (its hash is of random bytes). */
  hasPassword: boolean('has_password').notNull().default(true),
  /** The password is a one-time one an operator issued: its sessions may only set a new one. */
  passwordMustChange: boolean('password_must_change').notNull().default(false),
});

/** Sign-in tokens: only their SHA-256 is stored; valid 30 days from the last use. */
export const sessions = pgTable('sessions', {
  id: id(),
  userId: userRef().notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

/** Every change of a balance, with the balance after it (a CHECK keeps that ≥ 0). */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: id(),
    userId: userRef().notNull(),
    change: integer('change').notNull(),
    balance: integer('balance').notNull(),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    title: text('title').notNull(),
    taskId: text('task_id'),
    createdAt: createdAt(),
  },
  (t) => [index('points_ledger_user').on(t.userId, t.id)],
);

export const codeBatches = pgTable('code_batches', {
  id: id(),
  points: integer('points').notNull(),
  days: integer('days').notNull(),
  count: integer('count').notNull(),
  /** The codes cannot be redeemed after this; null = no end. */
  endsAt: timestamp('ends_at', { withTimezone: true }),
  note: text('note').notNull().default(''),
  createdAt: createdAt(),
});

export const activationCodes = pgTable('activation_codes', {
  id: id(),
  batchId: bigint('batch_id', { mode: 'number' }).notNull(),
  code: text('code').notNull().unique(),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  redeemedBy: userRef('redeemed_by'),
  redeemedAt: timestamp('redeemed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** One row per counted attempt (logins, redemptions, sign-ups, upload policies; see modules/rate-limit), so limits hold across processes. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  id: id(),
  key: text('key').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  /** Still being checked: released (deleted) if it succeeds, settled (false) if it fails. */
  pending: boolean('pending').notNull().default(false),
});

export const SMS_PURPOSES = ['login', 'reset', 'delete'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    phone: text('phone').notNull(),
    purpose: text('purpose', { enum: SMS_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sms_codes_phone').on(t.phone, t.purpose, t.id)],
);

export const SAMPLE_STATUSES = ['pending', 'rendering', 'ready', 'failed'] as const;
export type SampleStatus = (typeof SAMPLE_STATUSES)[number];

/** Templates shown on the home page, each with a sample video. */
export const sysVideos = pgTable('sys_videos', {
  id: id(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull().default(''),
  style: text('style').notNull().default(''),
  coverUrl: text('cover_url').notNull().default(''),
  videoUrl: text('video_url').notNull().default(''),
  duration: integer('duration').notNull().default(0),
  aspectRatio: text('aspect_ratio', { enum: ASPECT_RATIOS }).notNull().default('9:16'),
  sort: integer('sort').notNull().default(0),
  /** How the renderer draws this template (colours, fonts, title card). */
  params: jsonb('params').notNull().default({}),
  createdAt: createdAt(),
  /** Set on the templates the server seeds itself (modules/templates/seed-templates); unique. */
  seedKey: text('seed_key').unique('sys_videos_seed_key'),
  /** Whether the sample video is stored; only `ready` templates are shown to the app. */
  sampleStatus: text('sample_status', { enum: SAMPLE_STATUSES }).notNull().default('ready'),
  /** Claims of the sample's render so far; a sample whose workers keep dying fails after a few. */
  sampleAttempts: integer('sample_attempts').notNull().default(0),
  sampleLeaseOwner: text('sample_lease_owner'),
  sampleLeaseExpiresAt: timestamp('sample_lease_expires_at', { withTimezone: true }),
});

export const FILE_KINDS = ['image', 'avatar', 'video', 'cover', 'template', 'audio', 'music'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Every stored file by its key: whose it is, and (once uploaded) its type and size. */
export const files = pgTable('files', {
  key: text('key').primaryKey(),
  userId: userRef(),
  kind: text('kind', { enum: FILE_KINDS }).notNull(),
  contentType: text('content_type'),
  size: integer('size'),
  uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Server secrets every API process must share (e.g. the upload policy key), made once. */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});

/**
 * A video a user asked for, and its place in the queue. Workers claim `queued` rows (and
 * `processing` rows whose lease ran out) with FOR UPDATE SKIP LOCKED; `refunded` makes the refund
 * of a failed or cancelled task happen once.
 */
export const videoTasks = pgTable('video_tasks', {
  id: id(),
  userId: userRef().notNull(),
  title: text('title').notNull(),
  prompt: text('prompt').notNull(),
  /** The URLs of the user's uploaded pictures, in order. */
  images: jsonb('images').$type<string[]>().notNull().default([]),
  templateId: bigint('template_id', { mode: 'number' }),
  aspectRatio: text('aspect_ratio', { enum: ASPECT_RATIOS }).notNull(),
  /** Seconds. */
  duration: integer('duration').notNull(),
  status: text('status', { enum: TASK_STATUSES }).notNull().default('queued'),
  progress: integer('progress').notNull().default(0),
  /** Points taken at save (and given back once if it fails or is cancelled). */
  cost: integer('cost').notNull(),
  /** 1 for members at save time: claimed first. */
  priority: integer('priority').notNull().default(0),
  clientRequestId: text('client_request_id'),
  videoKey: text('video_key'),
  coverKey: text('cover_key'),
  errorMsg: text('error_msg').notNull().default(''),
  /** Claims so far; a task whose workers keep dying fails after a few. */
  attempts: integer('attempts').notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  createdAt: createdAt(),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  refunded: boolean('refunded').notNull().default(false),
  /**
   * The random part of the keys of the rendered files (modules/tasks/task-outputs), made by the
   * database when the task is saved (migrations/0004): unguessable, and the same for every attempt.
   */
  outputToken: text('output_token')
    .notNull()
    .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
  /** Saved before 0004: its files may still be at the old `tasks/<id>/` keys, until the start-up move (modules/tasks/legacy-outputs). */
  legacyOutputs: boolean('legacy_outputs').notNull().default(false),
  /** The video model asked for (migrations/0006): builtin, or a hosted one whose clips are in task_clips. */
  model: text('model', { enum: VIDEO_MODELS }).notNull().default('builtin'),
  /** A hosted model's clips: how many the plan has, and how many are stored. */
  clipsTotal: integer('clips_total').notNull().default(0),
  clipsDone: integer('clips_done').notNull().default(0),
  /** How the captions look (migrations/0007): the template's own, or a look the user chose. */
  captionStyle: text('caption_style', { enum: CAPTION_STYLES }).notNull().default('template'),
  /** Narration (migrations/0009): `<provider>:<voice>` or '' for none, its name when saved, its speed, and 跟随配音时长. */
  voice: text('voice').notNull().default(''),
  voiceName: text('voice_name').notNull().default(''),
  voiceSpeed: real('voice_speed').notNull().default(1),
  followVoice: boolean('follow_voice').notNull().default(false),
  /** The music asked for (migrations/0008): '' the template's own, 'none', 'gen:<mood>', 'track:<id>' or the user's upload URL. */
  music: text('music').notNull().default(''),
  /** Percents. */
  musicVolume: integer('music_volume').notNull().default(60),
  voiceVolume: integer('voice_volume').notNull().default(100),
});

/** An operator's background music track (migrations/0008, modules/music). */
export const musicTracks = pgTable('music_tracks', {
  id: id(),
  title: text('title').notNull(),
  mood: text('mood', { enum: MUSIC_MOODS }).notNull(),
  storageKey: text('storage_key').notNull().unique(),
  durationSeconds: doublePrecision('duration_seconds').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  createdAt: createdAt(),
});

export const CLIP_STATUSES = ['planned', 'submitting', 'submitted', 'stored', 'failed', 'cancelled'] as const;

/** One segment of a hosted model's video (modules/clips/clip-runner). */
export const taskClips = pgTable('task_clips', {
  id: id(),
  taskId: bigint('task_id', { mode: 'number' }).notNull(),
  /** 0-based place in the video. */
  position: integer('position').notNull(),
  model: text('model', { enum: VIDEO_MODELS }).notNull(),
  prompt: text('prompt').notNull(),
  /** The user's picture it starts from (image-to-video), or none (text-to-video). */
  imageUrl: text('image_url'),
  seconds: integer('seconds').notNull(),
  /** Ours, unique: sent to vendors that take a client-side id, so a lost answer can be found again. */
  clientId: text('client_id').notNull().unique(),
  /**
   * planned → submitting (the vendor may have it: never blindly submitted again) → submitted
   * (vendor_task_id known) → stored (clip_key) | failed | cancelled.
   */
  status: text('status', { enum: CLIP_STATUSES }).notNull().default('planned'),
  vendorTaskId: text('vendor_task_id'),
  vendorStatus: text('vendor_status').notNull().default(''),
  clipKey: text('clip_key'),
  submits: integer('submits').notNull().default(0),
  error: text('error').notNull().default(''),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A public page of one finished video, `/s/<token>` (migrations/0011, modules/shares): one live link a video. */
export const shareLinks = pgTable('share_links', {
  token: text('token').primaryKey(),
  taskId: bigint('task_id', { mode: 'number' }).notNull().unique(),
  createdAt: createdAt(),
});

export const EXPORT_ROW_STATUSES = ['preparing', 'ready', 'failed'] as const;

/** 导出我的数据 (migrations/0016, modules/exports): one row per export, one `preparing` a user. */
export const accountExports = pgTable('account_exports', {
  id: id(),
  userId: userRef().notNull(),
  status: text('status', { enum: EXPORT_ROW_STATUSES }).notNull().default('preparing'),
  fileKey: text('file_key'),
  size: bigint('size', { mode: 'number' }),
  attempts: integer('attempts').notNull().default(0),
  leaseOwner: text('lease_owner'),
  leaseExpiresAt: timestamp('lease_expires_at', { withTimezone: true }),
  createdAt: createdAt(),
  readyAt: timestamp('ready_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});
