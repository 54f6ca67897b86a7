import { ASPECT_RATIOS, type AspectRatio, CAPTION_STYLES, type CaptionStyleId, DEFAULT_VIDEO_MODEL, DURATION_MAX, DURATION_MIN, PICTURES_MAX, PROMPT_MAX, TITLE_MAX, VIDEO_MODELS, type VideoModelId } from '@app/contract';
import type { MusicValue } from './music-picker';
import type { NarrationChoice } from './voice-picker';

/**
 * The draft of 极速生成视频 (docs/product.md "Drafts"): what a user filled in and left without
 * submitting, per user, in this browser's localStorage. Pictures are kept as the addresses of the
 * files already uploaded, so coming back uploads nothing again.
 */
export interface AddVideoDraft {
  title: string;
  prompt: string;
  pictures: string[];
  templateId: string;
  aspectRatio: AspectRatio;
  duration: number;
  model: VideoModelId;
  captionStyle: CaptionStyleId;
  music: MusicValue;
  narration: NarrationChoice;
}

const KEY_PREFIX = 'addVideoDraft:';

export function draftKey(userId: string): string {
  return `${KEY_PREFIX}${userId}`;
}

/** Worth keeping: something typed or picked, not only a choice left at its default. */
export function isWorthKeeping(draft: Pick<AddVideoDraft, 'title' | 'prompt' | 'pictures'>): boolean {
  return draft.title.trim() !== '' || draft.prompt.trim() !== '' || draft.pictures.length > 0;
}

export function saveDraft(userId: string, draft: AddVideoDraft, storage: Storage = localStorage): void {
  try {
    if (isWorthKeeping(draft)) storage.setItem(draftKey(userId), JSON.stringify(draft));
    else storage.removeItem(draftKey(userId));
  } catch {
    // Storage full or refused (private mode): the form still works, only without a draft.
  }
}

export function clearDraft(userId: string, storage: Storage = localStorage): void {
  try {
    storage.removeItem(draftKey(userId));
  } catch {
    // nothing kept, nothing to clear
  }
}

const str = (v: unknown, max: number): string | undefined => (typeof v === 'string' && [...v].length <= max ? v : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The user's draft, or null when there is none or what is stored does not read as one. */
export function loadDraft(userId: string, storage: Storage = localStorage): AddVideoDraft | null {
  let raw: unknown;
  try {
    const text = storage.getItem(draftKey(userId));
    if (!text) return null;
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const d = raw as Record<string, unknown>;
  const title = str(d.title, TITLE_MAX);
  const prompt = str(d.prompt, PROMPT_MAX);
  const pictures = Array.isArray(d.pictures) ? d.pictures.filter((p): p is string => typeof p === 'string' && p !== '').slice(0, PICTURES_MAX) : undefined;
  const music = d.music as Partial<MusicValue> | undefined;
  const narration = d.narration as Partial<NarrationChoice> | undefined;
  const duration = num(d.duration);
  if (title === undefined || prompt === undefined || !pictures) return null;
  if (!music || typeof music.music !== 'string' || num(music.musicVolume) === undefined || num(music.voiceVolume) === undefined) return null;
  if (!narration || typeof narration.voice !== 'string' || num(narration.speed) === undefined || typeof narration.follow !== 'boolean') return null;
  return {
    title,
    prompt,
    pictures,
    templateId: typeof d.templateId === 'string' ? d.templateId : '',
    aspectRatio: ((ASPECT_RATIOS as readonly string[]).includes(d.aspectRatio as string) ? d.aspectRatio : '9:16') as AspectRatio,
    duration: duration !== undefined && Number.isInteger(duration) ? Math.min(DURATION_MAX, Math.max(DURATION_MIN, duration)) : DURATION_MIN,
    model: (VIDEO_MODELS as readonly string[]).includes(d.model as string) ? (d.model as VideoModelId) : DEFAULT_VIDEO_MODEL,
    captionStyle: (CAPTION_STYLES as readonly string[]).includes(d.captionStyle as string) ? (d.captionStyle as CaptionStyleId) : 'template',
    music: { music: music.music, musicVolume: music.musicVolume!, voiceVolume: music.voiceVolume! },
    narration: { voice: narration.voice, speed: narration.speed!, follow: narration.follow },
  };
}
