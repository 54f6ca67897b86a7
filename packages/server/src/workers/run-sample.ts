import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { Db } from '../db/database.js';
import type { FileStore } from '../modules/storage/store.js';
import type { VideoProvider } from '../modules/tasks/video-provider.js';
import { completeSample, failSample, releaseSample, renewSampleLease, type SampleLease, type TemplateRow } from '../modules/templates/template-samples.js';
import { holdLease } from './held-lease.js';
import { templateMusic } from '../modules/music/music-choice.js';
import type { RenderDirs } from './render-dirs.js';
import type { WorkerLog } from './run-task.js';
import { storeCover, storeFile } from './store-outputs.js';
import { thumbnailKeys } from '../modules/storage/thumbnails.js';

export interface SampleRunnerDeps {
  db: Db;
  store: FileStore;
  provider: VideoProvider;
  log: WorkerLog;
  workDirs: Pick<RenderDirs, 'make'>;
}

/**
 * Renders a template's sample from the template alone (no pictures: its moving background, its
 * title card, its description as captions) and stores it under fresh keys, so a file once served
 * is never replaced. Never throws: a shutdown puts the sample back, a render error fails it (it
 * would fail again), a lost lease discards what was stored.
 */
export async function runSample(deps: SampleRunnerDeps, lease: SampleLease, template: TemplateRow, shutdown: AbortSignal): Promise<void> {
  const held = { id: template.id, owner: lease.owner };
  const warn = (message: string) => (error: unknown) => deps.log.warn({ err: error, templateId: template.id }, message);
  const holding = holdLease({
    leaseMs: lease.leaseMs,
    renew: () => renewSampleLease(deps.db, template.id, lease.owner, lease.leaseMs),
    shutdown,
    onRenewError: warn('sample lease renewal failed'),
  });
  const { signal } = holding;

  let workDir: string | undefined;
  const stored: string[] = [];
  try {
    deps.log.info({ templateId: template.id, title: template.title }, 'rendering template sample');
    workDir = await deps.workDirs.make(`template-sample-${template.id}-`);
    const result = await deps.provider.render(
      {
        id: `template-${template.id}`,
        title: template.title,
        prompt: template.description || template.title,
        images: [],
        aspectRatio: template.aspectRatio,
        duration: template.duration,
        template: { title: `${template.category} · ${template.style}`, style: template.style, params: template.params as Record<string, unknown> },
        // The music every video of this template gets by default, so the sample sounds like them.
        music: templateMusic({ title: template.title, style: template.style, params: template.params as Record<string, unknown> }),
        workDir,
      },
      () => undefined,
      signal,
    );
    signal.throwIfAborted();
    const stem = `templates/${template.id}/${randomBytes(8).toString('hex')}`;
    stored.push(`${stem}.mp4`, `${stem}.jpg`, ...thumbnailKeys(`${stem}.jpg`));
    const video = await storeFile(deps.store, `${stem}.mp4`, result.video, 'video/mp4');
    const cover = await storeCover(deps.store, `${stem}.jpg`, result.cover);
    const outputs = { video: { ...video, url: deps.store.fileUrl(video.key) }, cover: { ...cover, url: deps.store.fileUrl(cover.key) } };
    if (await completeSample(deps.db, held, outputs)) {
      deps.log.info({ templateId: template.id, videoUrl: outputs.video.url }, 'template sample rendered');
      stored.length = 0;
    }
  } catch (error) {
    if (signal.reason === 'shutdown') await releaseSample(deps.db, template.id, lease.owner).catch(warn('could not put the sample back'));
    else if (!signal.aborted) {
      deps.log.error({ err: error, templateId: template.id }, 'template sample failed: the template stays hidden until a restart');
      await failSample(deps.db, template.id, lease.owner).catch(warn('could not record the failed sample'));
    }
  } finally {
    holding.release();
    // Stored but not ours to publish (lease lost, or the render stopped while storing): nobody's.
    await Promise.all(stored.map((key) => deps.store.delete(key))).catch(warn('could not remove an unused sample file'));
    if (workDir) await rm(workDir, { recursive: true, force: true }).catch(warn('could not remove the work directory'));
  }
}
