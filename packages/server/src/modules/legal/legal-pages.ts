import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LegalDocument } from '@app/contract';
import type { ServerConfig } from '../../config.js';
import { APP_NAME, htmlPage } from '../../lib/html-page.js';
import { LEGAL_BODIES, LEGAL_TITLES } from './legal-texts.js';

type Answer = { redirect: string } | { html: string };

/** Where the operator's own document is, if any (TERMS_URL / PRIVACY_URL). */
export function legalUrlOf(config: Pick<ServerConfig, 'termsUrl' | 'privacyUrl'>, name: LegalDocument): string | undefined {
  return name === 'terms' ? config.termsUrl : config.privacyUrl;
}

/**
 * /legal/<name>: the operator's URL (a redirect), else the operator's DATA_DIR/legal/<name>.html
 * (the body of the page, read on each request so an edit shows at once), else ours.
 */
export async function legalPage(config: Pick<ServerConfig, 'termsUrl' | 'privacyUrl' | 'dataDir'>, name: LegalDocument): Promise<Answer> {
  const url = legalUrlOf(config, name);
  if (url) return { redirect: url };
  const own = await readFile(path.join(config.dataDir, 'legal', `${name}.html`), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  const title = LEGAL_TITLES[name];
  const body = `<section class="card"><h1>${title}</h1>${own ?? LEGAL_BODIES[name]}</section><p class="muted center"><a href="/">返回${APP_NAME}</a></p>`;
  return { html: htmlPage({ title: `${title} - ${APP_NAME}`, body }) };
}
