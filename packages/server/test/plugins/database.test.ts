import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { users } from '../../src/db/schema.js';
import { makeTempDir } from '../helpers/temp-dirs.js';
import { testConfig } from '../helpers/engines.js';
import { openMigratedPglite } from '../helpers/migrated.js';

describe('database plugin', () => {
  it('keeps the embedded database in DATA_DIR across restarts', async () => {
    const env = { LOG_LEVEL: 'silent', SEED_TEMPLATES: '0', WEB_ROOT: makeTempDir(), DATA_DIR: makeTempDir() };
    const first = await buildApp(loadConfig(env));
    await first.ready();
    expect(first.database.engine).toBe('pglite');
    await first.db.insert(users).values({ phone: '13600000000', passwordHash: 'x', nickname: '留存' });
    await first.close();

    const second = await buildApp(loadConfig(env));
    await second.ready();
    const [row] = await second.db.select().from(users).where(eq(users.phone, '13600000000'));
    expect(row?.nickname).toBe('留存');
    expect((await second.inject('/healthz')).statusCode).toBe(200);
    await second.close();
  });

  it('answers /healthz 503 once the database stops answering', async () => {
    const database = await openMigratedPglite();
    const app = await buildApp(testConfig(), { database });
    await app.ready();
    expect((await app.inject('/healthz')).statusCode).toBe(200);
    await database.close();
    const res = await app.inject('/healthz');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'unavailable' });
    await app.close();
  });
});
