import { randomUUID } from 'node:crypto';
import { appPlugin } from '../lib/app-plugin.js';
import { keyOfFileUrl } from '../modules/files/file-urls.js';
import { closeDueAccounts } from '../modules/account-closing/close-accounts.js';
import { removeExpiredExports, runOneExport } from '../modules/exports/export-runner.js';
import { loadAppSecret } from '../modules/storage/upload-secret.js';

declare module 'fastify' {
  interface FastifyInstance {
    accountJobs: {
      /** Signs and checks export links (app_secrets `export-link-key`, shared by every process). */
      exportSecret: Buffer;
      /** An export was asked for: the runner looks now rather than at its next poll. */
      wakeExportRunner(): void;
    };
  }
}

const MINUTE = 60_000;

// A type, not an interface: plugin options must be assignable to Record<string, unknown>.
export type AccountJobsOptions = {
  /** Between sweeps of closing accounts and expired exports; default a minute (ACCOUNT_DELETE_DAYS=0 closes within it). */
  sweepEveryMs?: number;
  /** Between looks for exports to prepare when nobody wakes the runner; default 10 s (other processes' requests). */
  exportPollMs?: number;
  /** Tests drive the jobs themselves (modules/account-closing, modules/exports) with their own clock. */
  disabled?: boolean;
};

/**
 * The background jobs of 注销账号 and 导出我的数据, in every API process: the sweep that closes
 * accounts past their cooling-off (and removes exports past their 24 hours), and one export
 * runner. Both are safe with many processes (their claims skip each other's rows). On close the
 * work under way finishes before the database closes.
 */
export const accountJobs = appPlugin<AccountJobsOptions>('account-jobs', async (app, options) => {
  const exportSecret = await loadAppSecret(app.db, 'export-link-key');
  let wake = () => {};
  app.decorate('accountJobs', { exportSecret, wakeExportRunner: () => wake() });
  if (options.disabled) return;

  const owner = `exports-${randomUUID()}`;
  const deps = { db: app.db, store: app.storage, signals: app.taskSignals, log: app.log, keyOfUrl: (url: string) => keyOfFileUrl(app.config, url) };
  let closing = false;
  const running = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    running.add(work);
    void work.finally(() => running.delete(work));
  };

  let sweepTimer: NodeJS.Timeout | undefined;
  const sweep = () => {
    track(
      Promise.all([closeDueAccounts(deps), removeExpiredExports(deps)])
        .then(([closed]) => {
          if (closed > 0) app.log.info({ closed }, 'closed accounts swept');
        })
        .catch((err: unknown) => app.log.warn({ err }, 'sweeping closing accounts failed; trying again later'))
        .finally(() => {
          if (!closing) sweepTimer = setTimeout(sweep, options.sweepEveryMs ?? MINUTE).unref();
        }),
    );
  };

  let pollTimer: NodeJS.Timeout | undefined;
  let busy = false;
  let again = false;
  const runExports = async () => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    clearTimeout(pollTimer);
    try {
      do {
        again = false;
        while (!closing && (await runOneExport(deps, owner)));
      } while (again && !closing);
    } catch (err) {
      app.log.warn({ err }, 'the export runner failed; trying again later');
    } finally {
      busy = false;
      if (!closing) pollTimer = setTimeout(() => track(runExports()), options.exportPollMs ?? 10_000).unref();
    }
  };
  wake = () => {
    if (!closing) track(runExports());
  };

  app.addHook('onReady', async () => {
    sweepTimer = setTimeout(sweep, options.sweepEveryMs ?? MINUTE).unref();
    wake();
  });
  app.addHook('preClose', async () => {
    closing = true;
    clearTimeout(sweepTimer);
    clearTimeout(pollTimer);
    await Promise.allSettled([...running]);
  });
});
