import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { migrate, rowsOf } from '../../src/db/migrate.js';
import * as schema from '../../src/db/schema.js';
import { describeEngines } from '../helpers/engines.js';

const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

// On empty databases, which the app migrates as it starts (other suites start from a migrated copy).
describeEngines('database', (ctx) => {
  it('has applied every migration once; running again applies nothing', async () => {
    expect(await migrate(ctx.db())).toEqual([]);
    const rows = rowsOf<{ version: string }>(await ctx.db().execute(sql`SELECT version FROM schema_migrations`));
    expect(rows.map((r) => r.version)).toEqual(['0001-core', '0002-video-tasks', '0003-template-samples', '0004-task-output-keys', '0005-rate-limit-pending', '0006-task-clips', '0007-caption-style', '0008-music', '0009-task-voice', '0010-write-ledger-type', '0011-share-links', '0012-remotes', '0013-remote-failures', '0014-sms-codes', '0015-password-state', '0016-account-closing']);
  });

  it('matches the schema the queries use, column for column', async () => {
    expect(tables.length).toBeGreaterThanOrEqual(8);
    for (const table of tables) {
      const name = getTableName(table);
      const rows = rowsOf<{ column_name: string; is_nullable: string }>(
        await ctx.db().execute(sql`SELECT column_name, is_nullable FROM information_schema.columns WHERE table_name = ${name}`),
      );
      const actual = Object.fromEntries(rows.map((r) => [r.column_name, r.is_nullable === 'NO']));
      const expected = Object.fromEntries(Object.values(getTableColumns(table)).map((c) => [c.name, c.notNull]));
      expect({ table: name, columns: actual }).toEqual({ table: name, columns: expected });
    }
  });

  it('never lets a balance go below 0, in the users table or in the ledger', async () => {
    const [user] = await ctx.db().insert(schema.users).values({ phone: '13700000001', passwordHash: 'x', nickname: 'n' }).returning();
    await expect(ctx.db().execute(sql`UPDATE users SET points = -1 WHERE id = ${user!.id}`)).rejects.toThrow();
    await expect(
      ctx.db().insert(schema.pointsLedger).values({ userId: user!.id, change: -1, balance: -1, type: 'admin', title: 't' }),
    ).rejects.toThrow();
  });

  it('accepts only well-formed activation codes', async () => {
    const [batch] = await ctx.db().insert(schema.codeBatches).values({ points: 1, days: 0, count: 1 }).returning();
    await expect(ctx.db().insert(schema.activationCodes).values({ batchId: batch!.id, code: 'ABCD0OI1ABCDABCD' })).rejects.toThrow();
    await expect(ctx.db().insert(schema.activationCodes).values({ batchId: batch!.id, code: 'ABCDEFGH23456789' })).resolves.toBeDefined();
  });
}, {}, { fresh: true });
