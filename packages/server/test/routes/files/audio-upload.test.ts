import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { AUDIO_UPLOAD_MAX_SIZE, UploadRefusal, type UploadPolicy } from '@app/contract';
import { files } from '../../../src/db/schema.js';
import { AUDIO_TYPES, audioFile, type AudioFormat } from '../../helpers/audio-fixtures.js';
import { describeEngines } from '../../helpers/engines.js';
import { createSignedInUser, type SignedInUser } from '../../helpers/storage-users.js';
import { removeTempDirs } from '../../helpers/temp-dirs.js';
import { MIB, PNG, uploadForm, type FileToSend } from '../../modules/storage/upload-fixtures.js';

afterAll(removeTempDirs);

describeEngines('POST /files with an audio policy (the user\'s own music)', (ctx) => {
  let user: SignedInUser;
  beforeAll(async () => {
    user = await createSignedInUser(ctx.db());
  });

  const filesDir = () => path.join(ctx.app().config.dataDir, 'files');
  const policyFor = async (kind: 'audio' | 'image' = 'audio'): Promise<UploadPolicy> =>
    (await ctx.post('/server_api/oss/stsPolicy', { token: user.token, kind })).body.data;
  const post = (form: FormData) => ctx.app().inject({ method: 'POST', url: '/files', payload: form });
  const rowOf = async (key: string) => (await ctx.db().select().from(files).where(eq(files.key, key)))[0];

  async function expectRefused(file: FileToSend, msg: string, kind: 'audio' | 'image' = 'audio') {
    const policy = await policyFor(kind);
    const res = await post(uploadForm(policy, file));
    expect([res.statusCode, res.json()]).toEqual([403, { msg }]);
    expect(existsSync(path.join(filesDir(), policy.key))).toBe(false);
    expect(await rowOf(policy.key)).toMatchObject({ uploadedAt: null, contentType: null });
  }

  it('issues a policy of 20 MiB under the user\'s audio prefix, naming the audio types browsers declare', async () => {
    const policy = await policyFor();
    expect(policy.key).toMatch(new RegExp(`^users/${user.id}/audio/[0-9a-f]{32}$`));
    expect(policy.maxSize).toBe(AUDIO_UPLOAD_MAX_SIZE);
    expect(policy.contentTypes).toEqual(expect.arrayContaining(['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/aac', 'audio/wav', 'audio/x-wav']));
    expect(await rowOf(policy.key)).toMatchObject({ userId: user.id, kind: 'audio', uploadedAt: null });
  });

  it.each([
    ['mp3', 'audio/mpeg', 'song.mp3'],
    ['m4a', 'audio/x-m4a', 'song.m4a'],
    ['aac', 'audio/aac', 'song.aac'],
    ['wav', 'audio/wav', 'song.wav'],
  ] as [AudioFormat, string, string][])('stores a real %s (declared %s) with the type its bytes have, and serves it', async (format, declared, name) => {
    const bytes = audioFile(format);
    const policy = await policyFor();
    const res = await post(uploadForm(policy, { bytes, type: declared, name }));
    expect(res.statusCode).toBe(204);
    expect(readFileSync(path.join(filesDir(), policy.key))).toEqual(bytes);
    expect(await rowOf(policy.key)).toMatchObject({ kind: 'audio', contentType: AUDIO_TYPES[format], size: bytes.length });
    const served = await ctx.app().inject({ method: 'GET', url: policy.url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, AUDIO_TYPES[format]]);
  });

  it('takes a file the browser could not name (application/octet-stream) by its bytes', async () => {
    const policy = await policyFor();
    expect((await post(uploadForm(policy, { bytes: audioFile('wav'), type: 'application/octet-stream' }))).statusCode).toBe(204);
    expect((await rowOf(policy.key))?.contentType).toBe('audio/wav');
  });

  it('takes 15 MiB of music, more than a picture may be', async () => {
    const bytes = Buffer.alloc(15 * MIB);
    audioFile('mp3').copy(bytes);
    const policy = await policyFor();
    expect((await post(uploadForm(policy, { bytes, type: 'audio/mpeg' }))).statusCode).toBe(204);
    // The same size through a picture's policy is past its 10 MiB.
    await expectRefused({ bytes, type: 'image/png' }, UploadRefusal.tooLarge, 'image');
  });

  describe('refuses a disguised file with 403 and stores nothing', () => {
    it('a PNG named .mp3 and declared audio/mpeg', () => expectRefused({ bytes: PNG, type: 'audio/mpeg', name: 'song.mp3' }, UploadRefusal.notAudio));
    it('a text file sent as application/octet-stream', () =>
      expectRefused({ bytes: Buffer.from('这不是音乐，只是一段文字。\n'), type: 'application/octet-stream', name: 'song.mp3' }, UploadRefusal.notAudio));
    it('a shell script declared as audio/wav', () => expectRefused({ bytes: Buffer.from('#!/bin/sh\necho hi\n'), type: 'audio/wav' }, UploadRefusal.notAudio));
    it('a truncated header (the first bytes of an ID3 tag)', () => expectRefused({ bytes: Buffer.from('ID'), type: 'audio/mpeg' }, UploadRefusal.notAudio));
    it('an MP3 claiming to be WAV', () => expectRefused({ bytes: audioFile('mp3'), type: 'audio/wav', name: 'song.wav' }, UploadRefusal.notAudio));
    it('a declared type that is no audio (text/html)', () => expectRefused({ bytes: audioFile('mp3'), type: 'text/html' }, UploadRefusal.notAudio));
    it('music sent with an image policy', () => expectRefused({ bytes: audioFile('mp3'), type: 'image/png' }, UploadRefusal.notImage, 'image'));
    it('a file one byte over 20 MiB', () => {
      const bytes = Buffer.alloc(AUDIO_UPLOAD_MAX_SIZE + 1);
      audioFile('mp3').copy(bytes);
      return expectRefused({ bytes, type: 'audio/mpeg' }, UploadRefusal.tooLarge);
    });
  });
});
