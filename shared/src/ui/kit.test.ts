import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');
const APPS = ['shell/src', 'remote-create/src', 'remote-account/src', 'remote-auth/src'];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.(t|j)sx?$/.test(name) ? [full] : [];
  });
}

describe('the UI kit', () => {
  it('reaches the apps only through @app/shared/kit (a direct import would be a second copy)', () => {
    const offenders = APPS.flatMap((dir) => sources(path.join(ROOT, dir))).filter((file) =>
      /from ['"]antd-mobile(\/[^'"]*)?['"]/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(ROOT, f))).toEqual([]);
  });
});
