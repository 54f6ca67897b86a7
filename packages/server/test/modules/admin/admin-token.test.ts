import { readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isAdminToken, loadOrCreateAdminToken } from '../../../src/modules/admin/admin-token.js';
import { makeTempDir, removeTempDirs } from '../../helpers/temp-dirs.js';

afterAll(removeTempDirs);

describe('the admin token file', () => {
  it('is made on first use: 256 random bits, base64url, readable by the owner only', async () => {
    const dataDir = path.join(makeTempDir(), 'not', 'yet', 'there');
    const first = await loadOrCreateAdminToken(dataDir);
    expect(first).toEqual({ token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), file: path.join(dataDir, 'admin-token'), created: true });
    expect(statSync(first.file).mode & 0o777).toBe(0o600);

    const again = await loadOrCreateAdminToken(dataDir);
    expect(again).toEqual({ ...first, created: false });
    expect((await loadOrCreateAdminToken(makeTempDir())).token).not.toBe(first.token);
  });

  it('is one token when several processes start at once, with no drafts left behind', async () => {
    const dataDir = makeTempDir();
    const results = await Promise.all(Array.from({ length: 12 }, () => loadOrCreateAdminToken(dataDir)));
    expect(new Set(results.map((r) => r.token)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(readdirSync(dataDir)).toEqual(['admin-token']);
  });

  it('takes a token written by hand (trimmed), and refuses one too short to be safe', async () => {
    const dataDir = makeTempDir();
    writeFileSync(path.join(dataDir, 'admin-token'), '  a-token-of-twenty-chars  \n');
    expect((await loadOrCreateAdminToken(dataDir)).token).toBe('a-token-of-twenty-chars');

    const shortDir = makeTempDir();
    writeFileSync(path.join(shortDir, 'admin-token'), 'short\n');
    await expect(loadOrCreateAdminToken(shortDir)).rejects.toThrow(`${path.join(shortDir, 'admin-token')} must hold a token of at least 16 characters`);
  });
});

describe('isAdminToken', () => {
  it('accepts only the exact token', () => {
    const token = 'n0t-a-real-admin-token-but-long-enough';
    expect(isAdminToken(token, token)).toBe(true);
    expect(isAdminToken(token.slice(0, -1), token)).toBe(false);
    expect(isAdminToken(`${token}x`, token)).toBe(false);
    expect(isAdminToken(token.toUpperCase(), token)).toBe(false);
    expect(isAdminToken('', token)).toBe(false);
  });
});
