import { testUser } from '../../test/fixtures';
import { closedOrigin, sendJson, sendRaw, useTestServer, type TestServer } from '../request/test-server';
import { session } from '../session/session-store';
import type { UploadPolicy } from '@app/contract';
import { STS_POLICY_URL, UPLOAD_FAILED_TEXT, uploadImage } from './upload-image';

jest.mock('../ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const png = (bytes = 'pixels') => new Blob([bytes], { type: 'image/png' });

const policy = (overrides: Partial<UploadPolicy> = {}): UploadPolicy => ({
  host: '/files',
  dir: 'users/1/',
  key: 'users/1/avatar/a.png',
  expire: 0,
  maxSize: 10 * 1024 * 1024,
  contentTypes: ['image/jpeg', 'image/png', 'image/webp'],
  fields: { policy: 'cG9saWN5', signature: 'sig' },
  url: '/files/users/1/avatar/a.png',
  ...overrides,
});

let server: TestServer;
const testServer = useTestServer();

beforeAll(() => {
  server = testServer();
});

beforeEach(() => {
  session.set(testUser());
});

function answerPolicy(value: UploadPolicy): void {
  server.route(STS_POLICY_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: value }));
}

it('asks for a policy of its kind, posts fields, key, then the file, and resolves the served url', async () => {
  answerPolicy(policy());
  server.route('/files', (_req, res) => sendRaw(res, 204, '', 'text/plain'));
  const progress: number[] = [];
  const url = await uploadImage({ file: png(), kind: 'avatar', onProgress: (p) => progress.push(p) });
  expect(url).toBe('/files/users/1/avatar/a.png');

  const [asked, upload] = server.received;
  expect(JSON.parse(asked!.body)).toEqual({ token: 'token-1', kind: 'avatar' });
  const fields = [...upload!.body.matchAll(/[; ]name="([^"]+)"/g)].map((m) => m[1]);
  expect(fields).toEqual(['policy', 'signature', 'key', 'file']);
  expect(upload!.body).toContain('users/1/avatar/a.png');
  expect(upload!.body).toContain('pixels');
  expect(progress.at(-1)).toBe(100);
});

it('refuses a wrong type or a file too large before asking the server', async () => {
  const gif = new Blob(['GIF89a'], { type: 'image/gif' });
  await expect(uploadImage({ file: gif, kind: 'image' })).rejects.toThrow('只能上传 JPG、PNG 或 WEBP 图片');
  const huge = new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'image/jpeg' });
  await expect(uploadImage({ file: huge, kind: 'image' })).rejects.toThrow('图片不能超过 10MB');
  expect(server.received).toHaveLength(0);
});

it("holds the policy's own smaller maximum", async () => {
  answerPolicy(policy({ maxSize: 2 * 1024 * 1024 }));
  const big = new Blob([new Uint8Array(3 * 1024 * 1024)], { type: 'image/webp' });
  await expect(uploadImage({ file: big, kind: 'image' })).rejects.toThrow('图片不能超过 2MB');
  expect(server.received.map((r) => r.path)).toEqual([STS_POLICY_URL]);
});

it("turns the store's refusal into its msg, or a generic text when it has none", async () => {
  answerPolicy(policy());
  server.route('/files', (_req, res) => sendJson(res, 403, { msg: '上传凭证已过期' }));
  await expect(uploadImage({ file: png(), kind: 'image' })).rejects.toThrow('上传凭证已过期');

  server.route('/files', (_req, res) => sendRaw(res, 403, '<Error><Code>AccessDenied</Code></Error>', 'application/xml'));
  await expect(uploadImage({ file: png(), kind: 'image' })).rejects.toThrow(UPLOAD_FAILED_TEXT);
});

it('a network failure says so in Chinese', async () => {
  const closed = await closedOrigin();
  answerPolicy(policy({ host: `${closed}/files` }));
  const noise = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    await expect(uploadImage({ file: png(), kind: 'image' })).rejects.toThrow('网络错误，换个网络试试');
  } finally {
    noise.mockRestore();
  }
});

it('a refused policy (signed out) rejects with the business answer', async () => {
  server.route(STS_POLICY_URL, (_req, res) => sendJson(res, 200, { rspCode: 6, rspMsg: '请先登录', data: null }));
  await expect(uploadImage({ file: png(), kind: 'avatar' })).rejects.toMatchObject({ rspCode: 6, message: '请先登录' });
  expect(session.get()).toBeNull();
});
