import { type AdminTemplate, RspMsg, type SysVideo } from '@app/contract';
import { and, asc, count, desc, eq, inArray, min } from 'drizzle-orm';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { sysVideos } from '../../db/schema.js';
import { RspCode } from '../../lib/envelope.js';
import { BusinessError } from '../../lib/errors.js';
import { pageOf } from '../../lib/page-of.js';
import { coverThumbUrl } from '../files/file-urls.js';

/** What turns a stored cover's URL into its thumbnails' (modules/files/file-urls). */
export type FileUrlConfig = Pick<ServerConfig, 's3'>;

export interface NewTemplate extends Omit<SysVideo, 'id' | 'coverThumbUrl'> {
  /** How the renderer draws it (colours, fonts, title card); not shown to the app. */
  params: Record<string, unknown>;
}

type TemplateRow = typeof sysVideos.$inferSelect;

/**
 * Only templates with their sample are shown. A seeded template waits for a worker to render its
 * sample; listed meanwhile, the home page would show a tile with no cover whose detail plays
 * nothing — so until then it is not there at all (list and detail alike), and it appears, whole,
 * once its files are stored. Templates an operator adds with their URLs are ready at once; added
 * without, they wait for a sample the same way.
 */
const shown = eq(sysVideos.sampleStatus, 'ready');

/** Templates by `sort`, then newest; only one category's when `category` is given. */
export async function listTemplates(
  db: Db,
  files: FileUrlConfig,
  filter: { category?: string },
  page: number,
  pageSize: number,
): Promise<{ list: SysVideo[]; total: number }> {
  const where = filter.category ? and(shown, eq(sysVideos.category, filter.category)) : shown;
  const [totalRow] = await db.select({ total: count() }).from(sysVideos).where(where);
  const rows = await db
    .select()
    .from(sysVideos)
    .where(where)
    .orderBy(asc(sysVideos.sort), desc(sysVideos.createdAt), desc(sysVideos.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { list: rows.map((row) => toSysVideo(row, files)), total: totalRow?.total ?? 0 };
}

/**
 * What the gallery needs beside a page: how many samples are still being made (a fresh data
 * folder's built-in ones take some seconds; the app says 模板准备中 and asks again), and the
 * categories of the templates shown, for its tabs.
 */
export async function templateGallery(db: Db): Promise<{ pending: number; categories: string[] }> {
  const [pendingRow] = await db.select({ pending: count() }).from(sysVideos).where(inArray(sysVideos.sampleStatus, ['pending', 'rendering']));
  const rows = await db
    .select({ category: sysVideos.category, first: min(sysVideos.sort) })
    .from(sysVideos)
    .where(shown)
    .groupBy(sysVideos.category)
    .orderBy(asc(min(sysVideos.sort)), asc(sysVideos.category));
  return { pending: pendingRow?.pending ?? 0, categories: rows.map((row) => row.category).filter((category) => category !== '') };
}

/** A page of 首页's gallery as the list call answers it: the templates, and the gallery's state. */
export async function galleryPage(db: Db, files: FileUrlConfig, category: string | undefined, page: number, pageSize: number) {
  const [{ list, total }, gallery] = await Promise.all([listTemplates(db, files, { category }, page, pageSize), templateGallery(db)]);
  return { ...pageOf(list, total, page, pageSize), ...gallery };
}

/** The shown template's row with this id; an id that cannot be one (not digits) is as unknown as a missing one. */
export async function findTemplateRow(db: Db, id: string): Promise<TemplateRow> {
  const numeric = /^[1-9]\d{0,15}$/.test(id) ? Number(id) : NaN;
  const [row] = Number.isSafeInteger(numeric) ? await db.select().from(sysVideos).where(and(shown, eq(sysVideos.id, numeric))) : [];
  if (!row) throw new BusinessError(RspCode.notFound, RspMsg.templateNotFound);
  return row;
}

/** The template with this id, as the app sees it. */
export async function getTemplate(db: Db, files: FileUrlConfig, id: string): Promise<SysVideo> {
  return toSysVideo(await findTemplateRow(db, id), files);
}

/**
 * Adds a template. With both URLs it shows at once; with neither, the workers render its sample
 * from its title, description and params (as for the built-in ones) and it shows once stored.
 * One URL alone would show a tile whose cover or video is missing, so it is refused.
 */
export async function addTemplate(db: Db, files: FileUrlConfig, template: NewTemplate): Promise<AdminTemplate> {
  if (!template.coverUrl !== !template.videoUrl) {
    throw new BusinessError(RspCode.invalidParam, '封面地址和视频地址要么都给，要么都不给（都不给时由服务器渲染样片）');
  }
  const sampleStatus = template.videoUrl ? 'ready' : 'pending';
  const [row] = await db.insert(sysVideos).values({ ...template, sampleStatus }).returning();
  if (!row) throw new Error('addTemplate: INSERT returned no row');
  return { ...toSysVideo(row, files), sampleStatus };
}

function toSysVideo(row: TemplateRow, files: FileUrlConfig): SysVideo {
  return {
    id: String(row.id),
    title: row.title,
    description: row.description,
    category: row.category,
    style: row.style,
    coverUrl: row.coverUrl,
    coverThumbUrl: coverThumbUrl(files, row.coverUrl),
    videoUrl: row.videoUrl,
    duration: row.duration,
    aspectRatio: row.aspectRatio,
    sort: row.sort,
  };
}
