import type { AspectRatio, Quote, VideoModelId } from '@app/contract';
import type { Db } from '../../db/database.js';
import { requireModel, type VideoModelConfig } from '../clips/video-models.js';
import { findTemplateRow } from '../templates/templates.js';
import { requireVoice, type VoiceConfig } from '../voices/voices.js';

/**
 * What a video costs (docs/api.md, /api/v1/video_task/quote): the model's points per second ×
 * duration, once it is sure the model can make it (rspCode 2 otherwise), plus VOICE_POINTS with a
 * narration (modules/voices/voices requireVoice). The template does not change the price.
 */
export function taskCost(config: VideoModelConfig, request: { model: VideoModelId; duration: number; aspectRatio?: AspectRatio; pictures?: number }): number {
  return requireModel(config, request).pointsPerSecond * request.duration;
}

/** The template id as stored: none for '' or absent; an unknown one answers rspCode 4 模板不存在. */
export async function resolveTemplateId(db: Db, templateId: string | undefined): Promise<number | null> {
  if (templateId === undefined || templateId === '') return null;
  return (await findTemplateRow(db, templateId)).id;
}

/** The price shown before submitting, beside the balance it would come out of. */
export async function quoteTask(
  deps: { db: Db; config: VideoModelConfig & VoiceConfig },
  balance: number,
  input: { duration: number; templateId?: string; model: VideoModelId; aspectRatio?: AspectRatio; pictures?: number; voice?: string; voiceSpeed: number },
): Promise<Quote> {
  const { points: voicePoints } = requireVoice(deps.config, input);
  const cost = taskCost(deps.config, input) + voicePoints;
  await resolveTemplateId(deps.db, input.templateId);
  return { cost, balance, enough: balance >= cost, voicePoints };
}
