// Before a narrated task renders: its script read aloud by its voice into the work directory, and
// the render told where every sentence is spoken (RenderTask.narration), so the engine's captions
// and pictures follow the voice. The video is as long as it was paid for; a reading longer than
// our estimate lengthens it to hold the whole narration (no charge for the extra seconds, up to
// DURATION_MAX), and one that cannot fit even then fails the task, refunded — a narration is never
// cut off mid-sentence.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DURATION_MAX, videoSecondsForNarration, type VoiceProviderId } from '@app/contract';
import type { Db } from '../db/database.js';
import { videoTasks } from '../db/schema.js';
import { heldBy } from '../modules/queue/lease.js';
import { RenderFailure, type RenderTask } from '../modules/tasks/video-provider.js';
import type { TaskRow } from '../modules/tasks/video-task.js';
import { synthesizeNarration, type RetryPolicy } from '../modules/voices/narrate.js';
import { VendorError, type VoiceProvider } from '../modules/voices/voice-provider.js';
import { findVoice } from '../modules/voices/voices.js';

export const VOICE_UNAVAILABLE = '所选配音暂不可用，积分已退还';
export const VOICE_MODERATION = '文案未通过配音服务的内容审核，请修改后再试，积分已退还';
export const VOICE_FAILED = '配音生成失败，请稍后再试，积分已退还';
export const narrationTooLongForVideo = (seconds: number) => `文案朗读需要 ${seconds} 秒，超过了视频最长 ${DURATION_MAX} 秒，请精简文案，积分已退还`;

export interface NarrationDeps {
  db: Db;
  voices: { providers: Map<VoiceProviderId, VoiceProvider>; retry?: RetryPolicy };
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

/** Sets `input.narration` (and a longer `input.duration` when the reading needs it) for a task with a voice; nothing for one without. */
export async function narrate(deps: NarrationDeps, task: TaskRow, owner: string, input: RenderTask, signal: AbortSignal): Promise<void> {
  if (task.voice === '') return;
  const voice = findVoice(deps.voices.providers, task.voice);
  // Withdrawn since the save (its keys removed from the configuration): the task cannot be read.
  if (!voice) throw new RenderFailure(VOICE_UNAVAILABLE);
  let narration;
  try {
    narration = await synthesizeNarration(voice.provider, task.prompt, voice.info.voiceId, task.voiceSpeed, signal, deps.voices.retry);
  } catch (error) {
    if (signal.aborted || !(error instanceof VendorError)) throw error;
    deps.log.warn({ err: error, taskId: task.id, voice: task.voice, kind: error.kind }, 'the voice provider refused or failed');
    throw new RenderFailure(error.kind === 'moderation' ? VOICE_MODERATION : VOICE_FAILED);
  }
  const file = path.join(input.workDir, `narration.${narration.format}`);
  await writeFile(file, narration.audio);
  input.narration = { file, sentences: narration.sentences };
  const needed = videoSecondsForNarration(narration.seconds);
  if (needed > DURATION_MAX) throw new RenderFailure(narrationTooLongForVideo(Math.ceil(narration.seconds)));
  if (needed > input.duration) {
    deps.log.info({ taskId: task.id, paid: input.duration, needed }, 'the narration is longer than estimated: the video is lengthened to hold it');
    input.duration = needed;
    await deps.db.update(videoTasks).set({ duration: needed }).where(heldBy(task.id, owner));
  }
  deps.log.info({ taskId: task.id, voice: task.voice, seconds: narration.seconds, sentences: narration.sentences.length }, 'narrated');
}
