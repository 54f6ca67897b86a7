// npm run docs:api: writes docs/api.md from the OpenAPI document of a server built as `npm start`
// would build it (an in-memory database, no workers, nothing listening).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { NO_C0_CONTROL_CHARS, NO_CONTROL_CHARS } from '@app/contract';
import { renderApiMarkdown, type OpenApiDocument } from './api-markdown.js';

/** docs/api.md from the repository root (this file sits in packages/server/src/docs or dist/docs). */
export const API_DOCS_PATH = path.resolve(__dirname, '..', '..', '..', '..', 'docs', 'api.md');

/** The API reference as the server's routes describe themselves now. */
export async function currentApiMarkdown(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'api-docs-'));
  const database = await openDatabase({ pgliteDir: 'memory://' });
  try {
    // Fixed configuration, not the environment's: the document must not depend on who runs this.
    const config = loadConfig({ LOG_LEVEL: 'silent', SEED_TEMPLATES: '0', WORKERS: '0', UPLOAD_RETENTION_HOURS: '0', DATA_DIR: dir, WEB_ROOT: dir });
    const app = await buildApp(config, { database });
    try {
      await app.ready();
      return renderApiMarkdown(app.swagger() as unknown as OpenApiDocument, {
        namedPatterns: {
          [NO_CONTROL_CHARS]: 'no control or invisible characters (C0, C1, bidi controls, zero-width, lone surrogates)',
          [NO_C0_CONTROL_CHARS]: 'no control characters (C0, DEL)',
        },
      });
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

if (require.main === module) {
  currentApiMarkdown()
    .then(async (markdown) => {
      await writeFile(API_DOCS_PATH, markdown);
      console.log(`wrote ${path.relative(process.cwd(), API_DOCS_PATH)}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
