import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.js';
import { sysVideos } from '../../db/schema.js';
import type { NewTemplate } from './templates.js';

export interface SeedTemplate extends Omit<NewTemplate, 'coverUrl' | 'videoUrl'> {
  /** Which built-in template this is, for good: seeding inserts a key once, whichever process gets there first. */
  seedKey: string;
}

// The templates a fresh server shows on its home page, so the gallery is real from the first run.
// Each has its own category, style, colours, background motif and drawn scene of its theme (see
// packages/engine theme.ts and scenes.ts): its sample is rendered by the workers from these params
// (no pictures: the scene is the body and the cover), with the description as the captions.
// Samples are short (5–8 s) so they are cheap to render and quick to watch. Sort values start at
// 100: an operator's own templates (sort 0 unless set) come before the built-in ones.
export const SEED_TEMPLATES: readonly SeedTemplate[] = [
  {
    seedKey: 'travel-diary',
    title: '旅行日记',
    description: '海风、浪花和一路的好心情，把旅途装进短片里。',
    category: '旅行',
    style: '清新',
    duration: 6,
    aspectRatio: '9:16',
    sort: 100,
    params: { background: ['#0b3d5c', '#1fa2c9', '#8fe3f0'], accent: '#ffd166', text: '#ffffff', motif: 'waves', scene: 'seaside' },
  },
  {
    seedKey: 'food-tour',
    title: '美食探店',
    description: '热气腾腾的招牌菜，一口就爱上的味道。',
    category: '美食',
    style: '温馨',
    duration: 6,
    aspectRatio: '9:16',
    sort: 110,
    params: { background: ['#3d1f0b', '#b5541c', '#f2a65a'], accent: '#ffe8c2', text: '#fff8ee', motif: 'bokeh', scene: 'feast' },
  },
  {
    seedKey: 'festival-wishes',
    title: '新春祝福',
    description: '红灯笼高高挂，送上最暖的新年祝福。',
    category: '节日',
    style: '喜庆',
    duration: 5,
    aspectRatio: '9:16',
    sort: 120,
    params: { background: ['#5c0a0a', '#c8102e'], accent: '#ffd700', text: '#fff5d6', motif: 'confetti', scene: 'lanterns' },
  },
  {
    seedKey: 'tech-launch',
    title: '科技新品发布',
    description: '全新设计，更快更强，未来已来。',
    category: '科技',
    style: '科技感',
    duration: 6,
    aspectRatio: '16:9',
    sort: 130,
    params: { background: ['#050a1f', '#0d2b6b', '#1b4fd8'], accent: '#38e1ff', text: '#e8f6ff', motif: 'grid', scene: 'launch' },
  },
  {
    seedKey: 'family-moments',
    title: '亲子时光',
    description: '一起奔跑，一起大笑，记录宝贝成长的每一天。',
    category: '亲子',
    style: '童趣',
    duration: 7,
    aspectRatio: '9:16',
    sort: 140,
    params: { background: ['#ff9a8b', '#ff6a88', '#ffc3a0'], accent: '#fff3b0', text: '#ffffff', motif: 'bubbles', scene: 'park' },
  },
  {
    seedKey: 'brand-story',
    title: '品牌故事',
    description: '专注品质十年，用心做好每一件产品。',
    category: '商务',
    style: '简约',
    duration: 8,
    aspectRatio: '1:1',
    sort: 150,
    params: { background: ['#1c1c1e', '#3a3a3c'], accent: '#e5b567', text: '#f5f5f7', motif: 'rays', scene: 'skyline' },
  },
];

/**
 * Inserts the built-in templates that are not there yet, waiting for their samples; answers how
 * many it inserted. Safe from any number of processes at once: the unique seed key decides, and
 * `ON CONFLICT DO NOTHING` lets the others pass. A seeded template whose sample failed gets another
 * chance at each start (say, after ffmpeg was fixed).
 */
export async function seedTemplates(db: Db, seeds: readonly SeedTemplate[] = SEED_TEMPLATES): Promise<number> {
  const inserted = await db
    .insert(sysVideos)
    .values(seeds.map((seed) => ({ ...seed, sampleStatus: 'pending' as const })))
    .onConflictDoNothing({ target: sysVideos.seedKey })
    .returning({ id: sysVideos.id });
  await db
    .update(sysVideos)
    .set({ sampleStatus: 'pending', sampleAttempts: 0 })
    .where(and(isNotNull(sysVideos.seedKey), sql`${sysVideos.sampleStatus} = 'failed'`));
  return inserted.length;
}

/**
 * Built-in templates seeded before samples had drawn scenes (engine scenes.ts) show a gradient with
 * their name. Their params become the seed's and their samples render again, once: a row whose
 * params already name a scene, or that is not one of the seeds, is left alone. The gallery shows
 * 模板准备中 for them meanwhile and fills by itself, as on a first start. Answers how many.
 */
export async function refreshScenelessSamples(db: Db, seeds: readonly SeedTemplate[] = SEED_TEMPLATES): Promise<number> {
  let refreshed = 0;
  for (const seed of seeds) {
    const rows = await db
      .update(sysVideos)
      .set({ params: seed.params, sampleStatus: 'pending', sampleAttempts: 0 })
      .where(and(eq(sysVideos.seedKey, seed.seedKey), sql`${sysVideos.sampleStatus} IN ('ready', 'failed')`, sql`${sysVideos.params} ->> 'scene' IS NULL`))
      .returning({ id: sysVideos.id });
    refreshed += rows.length;
  }
  return refreshed;
}
