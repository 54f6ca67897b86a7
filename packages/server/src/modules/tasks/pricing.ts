import type { Quote } from '@app/contract';
import type { ServerConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { getTemplate } from '../templates/templates.js';

/** What a video costs (docs/api.md, /api/v1/video_task/quote: points per second × duration; the template does not change it yet). */
export function taskCost(config: Pick<ServerConfig, 'pointsPerSecond'>, duration: number): number {
  return config.pointsPerSecond * duration;
}

/** The template id as stored: none for '' or absent; an unknown one answers rspCode 4 模板不存在. */
export async function resolveTemplateId(db: Db, templateId: string | undefined): Promise<number | null> {
  if (templateId === undefined || templateId === '') return null;
  return Number((await getTemplate(db, templateId)).id);
}

/** The price shown before submitting, beside the balance it would come out of. */
export async function quoteTask(
  deps: { db: Db; config: Pick<ServerConfig, 'pointsPerSecond'> },
  balance: number,
  input: { duration: number; templateId?: string },
): Promise<Quote> {
  await resolveTemplateId(deps.db, input.templateId);
  const cost = taskCost(deps.config, input.duration);
  return { cost, balance, enough: balance >= cost };
}
