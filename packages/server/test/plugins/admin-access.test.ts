import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildTestApp } from '../helpers/build-test-app.js';
import { makeTempDir, removeTempDirs } from '../helpers/temp-dirs.js';

describe('admin-access plugin', () => {
  const apps: FastifyInstance[] = [];
  const build = async (env: Record<string, string>) => {
    const { app } = await buildTestApp(env);
    apps.push(app);
    await app.ready();
    return app;
  };
  afterAll(async () => {
    for (const app of apps) await app.close();
    removeTempDirs();
  });

  it('uses ADMIN_TOKEN when it is set, and writes no file', async () => {
    const dataDir = makeTempDir();
    const app = await build({ DATA_DIR: dataDir, ADMIN_TOKEN: 'an-admin-token-from-the-env' });
    expect(app.adminToken).toBe('an-admin-token-from-the-env');
    expect(() => readFileSync(path.join(dataDir, 'admin-token'))).toThrow(/ENOENT/);
  });

  it('otherwise keeps one in DATA_DIR/admin-token, the same across restarts', async () => {
    const dataDir = makeTempDir();
    const first = await build({ DATA_DIR: dataDir });
    expect(first.adminToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim()).toBe(first.adminToken);
    const restarted = await build({ DATA_DIR: dataDir });
    expect(restarted.adminToken).toBe(first.adminToken);
  });
});
