import { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { DiskStore } from '../../../src/modules/storage/disk-store.js';
import { decodePolicy } from '../../../src/modules/storage/post-policy.js';
import { makeTempDir, removeTempDirs } from '../../helpers/temp-dirs.js';
import { PNG } from './upload-fixtures.js';

describe('DiskStore', () => {
  let root: string;
  let store: DiskStore;
  beforeEach(() => {
    root = path.join(makeTempDir(), 'files');
    store = new DiskStore(root, Buffer.alloc(32, 1));
  });
  afterAll(removeTempDirs);

  it('issues a policy for a fresh key under the user\'s prefix, expiring in 10 minutes', async () => {
    const now = new Date('2030-01-01T00:00:00.000Z');
    const policy = await store.createUploadPolicy({ userId: 42, kind: 'avatar', now });
    expect(policy.key).toMatch(/^users\/42\/avatar\/[0-9a-f]{32}$/);
    expect(policy).toMatchObject({ host: '/files', dir: 'users/42/', expire: now.getTime() / 1000 + 600, maxSize: 10 * 1024 * 1024, url: `/files/${policy.key}` });
    expect(policy.contentTypes).toEqual(['image/jpeg', 'image/png', 'image/webp']);
    expect(Object.keys(policy.fields)).toEqual(['policy', 'signature']);
    expect(store.signed(policy.fields.policy!, policy.fields.signature!)).toBe(true);
    expect(decodePolicy(policy.fields.policy!)).toEqual({
      expiration: '2030-01-01T00:10:00.000Z',
      conditions: [
        { key: policy.key },
        ['starts-with', '$key', 'users/42/'],
        ['content-length-range', 1, 10 * 1024 * 1024],
        ['in', '$Content-Type', ['image/jpeg', 'image/png', 'image/webp']],
      ],
    });
    const other = await store.createUploadPolicy({ userId: 42, kind: 'avatar', now });
    expect(other.key).not.toBe(policy.key);
  });

  it('puts bytes and streams, reads them back, and deletes them (twice is fine)', async () => {
    await store.put('users/1/video/a.mp4', PNG, { contentType: 'image/png' });
    await store.put('users/1/video/b', Readable.from([Buffer.from('abc'), Buffer.from('def')]), { contentType: 'video/mp4' });
    expect(readFileSync(path.join(root, 'users/1/video/a.mp4'))).toEqual(PNG);
    expect(await store.head('users/1/video/b')).toMatchObject({ size: 6, contentType: undefined });
    expect(await store.readStart('users/1/video/b', 4)).toEqual(Buffer.from('abcd'));
    expect(await store.readStart('users/1/video/b', 100)).toEqual(Buffer.from('abcdef'));
    await store.delete('users/1/video/b');
    await store.delete('users/1/video/b');
    expect(await store.head('users/1/video/b')).toBeNull();
    expect(await store.readStart('users/1/video/b', 4)).toBeNull();
    // Nothing half-written is left behind.
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it('leaves no file when a stream fails half way', async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.from('partial'));
        this.destroy(new Error('renderer crashed'));
      },
    });
    await expect(store.put('users/1/video/c', failing, { contentType: 'video/mp4' })).rejects.toThrow('renderer crashed');
    expect(existsSync(path.join(root, 'users/1/video/c'))).toBe(false);
    expect(readdirSync(path.join(root, '.tmp'))).toEqual([]);
  });

  it.each(['../outside', 'users/../../outside', '/etc/passwd', 'users//1', '.tmp/x', 'users/1/\0', 'users\\1', ''])(
    'never touches a path for the key %j',
    async (key) => {
      const outside = path.join(path.dirname(root), 'outside');
      writeFileSync(outside, 'keep me');
      mkdirSync(path.join(root, '.tmp'), { recursive: true });
      await expect(store.put(key, PNG, { contentType: 'image/png' })).rejects.toThrow('unsafe file key');
      await expect(store.delete(key)).rejects.toThrow('unsafe file key');
      await expect(store.head(key)).rejects.toThrow('unsafe file key');
      expect(readFileSync(outside, 'utf8')).toBe('keep me');
    },
  );
});
