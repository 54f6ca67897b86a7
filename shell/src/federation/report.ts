import type { BodyOf, LoadFailureKind, reportRemoteFailure } from '@app/contract';
import { apiBaseUrl, type PageDef } from '@app/shared';

export type FailureReport = BodyOf<typeof reportRemoteFailure>;

/**
 * Tells the console and the server that a remote's page failed: remote, version, page and kind,
 * so `npm run admin -- remotes list` shows a failing canary before it is promoted. The report is
 * plain fetch, not @app/shared's request layer (no toast, no session), and its own failure (the
 * server down too, or 429 past the per-address limit) is only noted on the console.
 */
export function reportFailure(page: PageDef, version: string, kind: LoadFailureKind, error: unknown, overridden = false): FailureReport {
  const report: FailureReport = { remote: page.remote, version, page: page.route, kind };
  console.error(`remote ${page.remote}${version ? ` ${version}` : ''} failed on ${page.route} (${kind})`, report, error);
  // A build this tab runs by the dev override (federation/overrides.ts) is nobody's deploy: its
  // failures stay on this console, out of remotes list's counts.
  if (overridden) return report;
  void fetch(`${apiBaseUrl()}/api/v1/remotes/report`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(report),
    keepalive: true,
  })
    .then((res) => {
      if (!res.ok) console.warn(`remote failure report refused: HTTP ${res.status}`);
    })
    .catch(() => console.warn('remote failure report not sent'));
  return report;
}
