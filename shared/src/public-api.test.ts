/**
 * @jest-environment node
 */
import path from 'node:path';
import { checkApi, computeApi, packageVersion, readRecord, sortLiteralUnions, type Api } from '../test/public-api';

// The compiler over all of @app/shared (and @app/contract, which it re-exports types of).
jest.setTimeout(180000);

const FIXTURES = path.join(__dirname, '../test/api-fixture');
const NAMES = ['v1', 'added', 'changed', 'removed'] as const;
/** Each fixture as @app/shared's one entry point (one compiler run for all four). */
let fixtures: Api;
const fixture = (name: (typeof NAMES)[number]): Api => ({ '@app/shared': fixtures[name]! });

describe("@app/shared's semantic version", () => {
  it('reads a union of string literals the same in whatever order the compiler wrote it', () => {
    // The order follows the compiler's type ids, which shift when an unrelated file joins the program.
    expect(sortLiteralUnions('Pick<P, "step" | "minLength" | "a\\"b"> & { k?: "y" | "x" | undefined; n: "only" }')).toBe(
      'Pick<P, "a\\"b" | "minLength" | "step"> & { k?: "x" | "y" | undefined; n: "only" }',
    );
  });

  it('is the one shared/api.json records for the current public API', () => {
    expect(checkApi(readRecord(), computeApi(), packageVersion())).toEqual([]);
  });

  describe('against a recorded 1.0.0', () => {
    let v1: Api;
    beforeAll(() => {
      fixtures = computeApi(FIXTURES, Object.fromEntries(NAMES.map((name) => [name, `${name}.ts`])));
      v1 = fixture('v1');
    });

    it('refuses an added export without a minor bump, naming it and how to fix it', () => {
      const problems = checkApi({ version: '1.0.0', exports: v1 }, fixture('added'), '1.0.0');
      expect(problems).toHaveLength(1);
      expect(problems[0]).toContain('needs a minor version: 1.1.0 or later, but shared/package.json says 1.0.0');
      expect(problems[0]).toContain('added (minor): @app/shared: formatPoints');
      expect(problems[0]).toContain('Bump "version" in shared/package.json to 1.1.0, then run `npm run api:shared`');
      // A patch bump is not enough either.
      expect(checkApi({ version: '1.0.0', exports: v1 }, fixture('added'), '1.0.1')[0]).toContain('needs a minor version');
    });

    it('accepts the added export at 1.1.0, asking only for the record to be written', () => {
      expect(checkApi({ version: '1.0.0', exports: v1 }, fixture('added'), '1.1.0')).toEqual([
        'shared/api.json records @app/shared 1.0.0, not the current API at 1.1.0: run `npm run api:shared` to update it.',
      ]);
      expect(checkApi({ version: '1.1.0', exports: fixture('added') }, fixture('added'), '1.1.0')).toEqual([]);
    });

    it('refuses a changed or removed export without a major bump', () => {
      const changed = checkApi({ version: '1.0.0', exports: v1 }, fixture('changed'), '1.1.0');
      expect(changed[0]).toContain('needs a major version: 2.0.0 or later, but shared/package.json says 1.1.0');
      expect(changed[0]).toContain('changed (major): @app/shared: formatTime');
      const removed = checkApi({ version: '1.0.0', exports: v1 }, fixture('removed'), '1.0.0');
      expect(removed[0]).toContain('removed (major): @app/shared: formatTime');
      expect(removed[0]).toContain('added (minor): @app/shared: FORMATS');
      expect(checkApi({ version: '1.0.0', exports: v1 }, fixture('changed'), '2.0.0')).toHaveLength(1); // only the record to write
    });

    it('sees a signature change, not only names', () => {
      expect(v1['@app/shared']!.formatTime).toBe('value: (ms: number) => string');
      expect(fixture('changed')['@app/shared']!.formatTime).toBe('value: (ms: number, unit: "min" | "s") => string');
    });
  });
});
