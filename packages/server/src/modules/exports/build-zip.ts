import { Readable } from 'node:stream';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/database.js';
import { activationCodes, codeBatches, pointsLedger, users, videoTasks } from '../../db/schema.js';
import type { FileStore } from '../storage/store.js';

// What 导出我的数据 puts in the zip (docs/product.md "导出我的数据"):
//   user.json               the profile, balance and membership
//   points-records.json     every ledger row (积分记录)
//   exchange-records.json   every activation code redeemed (兑换记录)
//   videos.json             every video not deleted, with its script and settings
//   videos/<id>.mp4, covers/<id>.jpg   the rendered files that exist
//   avatar                  the avatar's file, when it is one of ours
// Entries are stored, not deflated: the videos and covers are compressed already, and a zip
// whose every entry has a known size has a size known before its first byte (yazl's
// calculatedTotalSize), which an S3 store needs to take it as a stream.

export interface ZipSource {
  db: Db;
  store: Pick<FileStore, 'head' | 'openRead'>;
  /** The key behind one of our file URLs (the avatar's), or null. */
  keyOfUrl(url: string): string | null;
}

export interface BuiltZip {
  stream: Readable;
  size: number;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');
const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The user's zip as a stream, and its size; files gone from the store meanwhile are left out. */
export async function buildExportZip(source: ZipSource, userId: number): Promise<BuiltZip> {
  const { db } = source;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`export: no user ${userId}`);
  const ledger = await db.select().from(pointsLedger).where(eq(pointsLedger.userId, userId)).orderBy(asc(pointsLedger.id));
  const exchanges = await db
    .select({ code: activationCodes.code, redeemedAt: activationCodes.redeemedAt, points: codeBatches.points, days: codeBatches.days })
    .from(activationCodes)
    .innerJoin(codeBatches, eq(codeBatches.id, activationCodes.batchId))
    .where(eq(activationCodes.redeemedBy, userId))
    .orderBy(asc(activationCodes.redeemedAt));
  const tasks = await db.select().from(videoTasks).where(and(eq(videoTasks.userId, userId), isNull(videoTasks.deletedAt))).orderBy(asc(videoTasks.id));

  const zip = new ZipFile();
  const mtime = new Date();
  const add = (name: string, buffer: Buffer) => zip.addBuffer(buffer, name, { compress: false, mtime });
  const addStored = async (name: string, key: string): Promise<boolean> => {
    const head = await source.store.head(key);
    if (!head) return false;
    zip.addReadStreamLazy(name, { size: head.size, compress: false, mtime }, (done) => {
      source.store.openRead(key).then(
        (stream) => done(stream ? null : new Error(`export: ${key} went away`), stream ?? Readable.from([])),
        (error: unknown) => done(error, Readable.from([])),
      );
    });
    return true;
  };

  add('user.json', json({
    id: String(user.id),
    phone: user.phone,
    nickname: user.nickname,
    name: user.name,
    avatar: user.avatar,
    points: user.points,
    memberUntil: iso(user.memberUntil),
    createdAt: iso(user.createdAt),
    closingAt: iso(user.closingAt),
  }));
  add('points-records.json', json(ledger.map((row) => ({ change: row.change, balance: row.balance, type: row.type, title: row.title, taskId: row.taskId, createdAt: iso(row.createdAt) }))));
  add('exchange-records.json', json(exchanges.map((row) => ({ code: row.code, points: row.points, days: row.days, redeemedAt: iso(row.redeemedAt) }))));

  const videos = [];
  for (const task of tasks) {
    const video = task.videoKey !== null && (await addStored(`videos/${task.id}.mp4`, task.videoKey)) ? `videos/${task.id}.mp4` : null;
    const cover = task.coverKey !== null && (await addStored(`covers/${task.id}.jpg`, task.coverKey)) ? `covers/${task.id}.jpg` : null;
    videos.push({
      id: String(task.id),
      title: task.title,
      script: task.prompt,
      status: task.status,
      settings: {
        aspectRatio: task.aspectRatio,
        duration: task.duration,
        templateId: task.templateId === null ? null : String(task.templateId),
        model: task.model,
        captionStyle: task.captionStyle,
        voice: task.voiceName,
        voiceSpeed: task.voiceSpeed,
        followVoice: task.followVoice,
        music: task.music,
        musicVolume: task.musicVolume,
        voiceVolume: task.voiceVolume,
        pictures: task.images,
      },
      cost: task.cost,
      createdAt: iso(task.createdAt),
      finishedAt: iso(task.finishedAt),
      video,
      cover,
    });
  }
  add('videos.json', json(videos));
  const avatarKey = user.avatar === '' ? null : source.keyOfUrl(user.avatar);
  if (avatarKey !== null) await addStored('avatar', avatarKey);

  const size = await new Promise<number>((resolve) => {
    // @types/yazl leaves out the callback's argument (yazl's README: calculatedTotalSize, or -1 when unknown).
    zip.end(undefined, ((total: number) => resolve(total)) as () => void);
  });
  if (size < 0) throw new Error('export: the zip size is unknown');
  return { stream: zip.outputStream as Readable, size };
}
