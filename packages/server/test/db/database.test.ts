import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/database.js';
import { startCuttingProxy } from '../helpers/cutting-proxy.js';
import { createTestDatabase, postgresAvailable } from '../helpers/postgres.js';

/** Answers what `promise` does, or throws if it has not settled within `ms` (a hang, not slowness). */
function notHanging<T>(promise: Promise<T>, ms = 10_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`still waiting after ${ms} ms`)), ms)));
  return Promise.race([promise, hang]).finally(() => clearTimeout(timer));
}

/** Connections to PostgreSQL that break (PGlite has none: it runs in the process). */
(postgresAvailable() ? describe : describe.skip)('openDatabase on PostgreSQL, when a connection breaks', () => {
  let drop: () => Promise<void>;
  let proxy: Awaited<ReturnType<typeof startCuttingProxy>>;
  let database: Database;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    proxy = await startCuttingProxy(created.url);
  });
  beforeEach(async () => {
    // One connection: a connection the pool loses track of leaves it none.
    database = await openDatabase({ databaseUrl: proxy.url, poolSize: 1 });
  });
  // A pool that lost a client waits for it for good on close.
  afterEach(() => notHanging(database.close()).catch(() => undefined));
  afterAll(async () => {
    await proxy.close();
    await drop();
  });

  it('a connection cut inside a transaction fails that transaction, not the process; the next query gets a new connection', async () => {
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      proxy.cutAll();
      await tx.execute(sql`SELECT 2`);
    });
    await expect(transaction).rejects.toThrow();
    expect(await notHanging(database.db.execute(sql`SELECT 3 AS n`))).toMatchObject({ rows: [{ n: 3 }] });
  });

  it('a connection found cut at BEGIN goes back to the pool (which drops it) instead of staying checked out for good', async () => {
    await database.ping();
    proxy.cutOn('begin');
    await expect(database.db.transaction(async (tx) => tx.execute(sql`SELECT 1`))).rejects.toThrow();
    expect(await notHanging(database.db.transaction(async (tx) => tx.execute(sql`SELECT 4 AS n`)))).toMatchObject({ rows: [{ n: 4 }] });
  });
});
