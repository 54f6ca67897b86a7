import { testUser } from '../../test/fixtures';
import { sendJson, sendRaw, useTestServer, type TestServer } from '../request/test-server';
import { session } from '../session/session-store';
import type { UploadPolicy } from '@app/contract';
import { audioProblem, uploadAudio } from './upload-audio';
import { STS_POLICY_URL } from './upload-image';

jest.mock('../ui/toast', () => ({ showToast: jest.fn(), toast: jest.fn() }));

const NOT_AUDIO = '音频格式不支持，请上传 mp3、m4a、aac 或 wav';
const file = (name: string, type: string, bytes: BlobPart = 'ID3 sound') => new File([bytes], name, { type });

const policy: UploadPolicy = {
  host: '/files',
  dir: 'users/1/',
  key: 'users/1/audio/k',
  expire: 0,
  maxSize: 20 * 1024 * 1024,
  contentTypes: ['audio/mpeg'],
  fields: { policy: 'cG9saWN5', signature: 'sig' },
  url: '/files/users/1/audio/k',
};

let server: TestServer;
const testServer = useTestServer();
beforeAll(() => {
  server = testServer();
});
beforeEach(() => session.set(testUser()));

describe('audioProblem (before a byte is sent)', () => {
  it.each([
    ['a.mp3', 'audio/mpeg'],
    ['Voice Memo.M4A', 'audio/x-m4a'],
    ['track.aac', ''],
    ['take.wav', 'audio/wav'],
    ['no-extension', 'audio/mpeg'],
  ])('takes %s (%s)', (name, type) => {
    expect(audioProblem(file(name, type))).toBeNull();
  });

  it.each([
    ['photo.png', 'image/png'],
    ['photo.mp3', 'image/png'],
    ['clip.mp4', 'video/mp4'],
    ['notes.txt', 'text/plain'],
  ])('refuses %s (%s) in words', (name, type) => {
    expect(audioProblem(file(name, type))).toBe(NOT_AUDIO);
  });

  it('refuses an empty file and one over 20 MiB', () => {
    expect(audioProblem(file('a.mp3', 'audio/mpeg', ''))).toBe('音乐文件是空的，请换一个');
    const big = file('a.mp3', 'audio/mpeg');
    Object.defineProperty(big, 'size', { value: 20 * 1024 * 1024 + 1 });
    expect(audioProblem(big)).toBe('音乐文件不能超过 20MB');
  });
});

describe('uploadAudio', () => {
  it('asks for an audio policy, posts the file, and resolves its URL', async () => {
    server.route(STS_POLICY_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: policy }));
    server.route('/files', (_req, res) => sendRaw(res, 204, '', 'text/plain'));
    await expect(uploadAudio({ file: file('a.mp3', 'audio/mpeg') })).resolves.toBe(policy.url);
    expect(JSON.parse(server.received.find((r) => r.path === STS_POLICY_URL)!.body)).toMatchObject({ kind: 'audio' });
  });

  it('rejects with the store\'s Chinese refusal', async () => {
    server.route(STS_POLICY_URL, (_req, res) => sendJson(res, 200, { rspCode: 0, rspMsg: '成功', data: policy }));
    server.route('/files', (_req, res) => sendJson(res, 403, { msg: NOT_AUDIO }));
    await expect(uploadAudio({ file: file('fake.mp3', 'audio/mpeg') })).rejects.toThrow(NOT_AUDIO);
  });
});
