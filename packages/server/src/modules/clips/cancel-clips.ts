import type { FastifyBaseLogger } from 'fastify';
import type { VideoModelId } from '@app/contract';
import type { Db } from '../../db/database.js';
import type { ClipProvider } from './clip-provider.js';
import { takeLiveClips } from './task-clips.js';

/**
 * Tells the vendors to stop the clips of a task that ended (cancelled, deleted, failed) — where the
 * vendor can: DashScope and Kling only before a clip starts, Ark's DELETE, ComfyUI's queue and
 * interrupt. Best effort: a vendor that does not answer is logged, and its clip is simply not
 * collected. Never throws.
 */
export async function cancelVendorClips(
  deps: { db: Db; providers: Map<VideoModelId, ClipProvider>; log: Pick<FastifyBaseLogger, 'warn' | 'info'> },
  taskId: number,
): Promise<void> {
  try {
    const live = await takeLiveClips(deps.db, taskId);
    await Promise.all(
      live
        .filter((clip) => clip.vendorTaskId !== null)
        .map(async (clip) => {
          const provider = deps.providers.get(clip.model);
          if (!provider) return;
          try {
            await provider.cancel(clip.vendorTaskId!, AbortSignal.timeout(15_000));
            deps.log.info({ taskId, clip: clip.position, model: clip.model }, 'vendor clip cancelled');
          } catch (error) {
            deps.log.warn({ err: error, taskId, clip: clip.position, model: clip.model }, 'could not cancel the vendor clip');
          }
        }),
    );
  } catch (error) {
    deps.log.warn({ err: error, taskId }, 'could not cancel the vendor clips');
  }
}
