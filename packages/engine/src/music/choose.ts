// Which music a render gets: the track it names, music made for the mood it names, none, or —
// when it says nothing — music made for its template's mood, seeded by the template's title so
// that every template sounds its own.
import type { MusicMood } from '@app/contract';
import { hashString } from '../motion.js';
import type { RenderTask, RenderTemplate } from '../types.js';

/** The contract's MUSIC_MOODS (the engine takes only types and the emoji rules from @app/contract; a test keeps the two equal). */
export const MOODS: readonly MusicMood[] = ['travel', 'food', 'festival', 'tech', 'family', 'business'];
/** The contract's MUSIC_VOLUME_DEFAULT. */
export const MUSIC_VOLUME_DEFAULT = 0.6;

export type MusicSource = { kind: 'generated'; mood: MusicMood; seed: string } | { kind: 'file'; file: string } | null;

// The seeded templates' styles and the English names theme.ts knows, each to the mood that suits it.
const MOOD_BY_STYLE: Record<string, MusicMood> = {
  清新: 'travel', 温馨: 'food', 喜庆: 'festival', 科技感: 'tech', 童趣: 'family', 简约: 'business',
  travel: 'travel', fresh: 'travel', calm: 'travel', nature: 'travel',
  food: 'food', warm: 'food', romantic: 'food', dreamy: 'family',
  festive: 'festival', party: 'festival', festival: 'festival',
  tech: 'tech',
  family: 'family', playful: 'family', kids: 'family',
  business: 'business', minimal: 'business', elegant: 'business',
};

export const isMood = (x: unknown): x is MusicMood => MOODS.includes(x as MusicMood);

/** A template's mood: its params.mood, else its style's, else one picked by hashing the style. */
export function moodOf(template: RenderTemplate | undefined): MusicMood {
  if (isMood(template?.params?.mood)) return template.params.mood;
  const style = (template?.style ?? '').trim().toLowerCase();
  return MOOD_BY_STYLE[style] ?? MOODS[hashString(style) % MOODS.length]!;
}

export function chooseMusic(task: RenderTask): MusicSource {
  const { music } = task;
  if (music === null || (task.musicVolume ?? MUSIC_VOLUME_DEFAULT) === 0) return null;
  if (music === undefined) return { kind: 'generated', mood: moodOf(task.template), seed: task.template?.title?.trim() || task.id };
  if ('file' in music) return { kind: 'file', file: music.file };
  return { kind: 'generated', mood: music.mood, seed: music.seed };
}
