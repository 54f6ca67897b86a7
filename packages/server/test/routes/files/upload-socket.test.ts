import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { type UploadPolicy } from '@app/contract';
import { describeEngines } from '../../helpers/engines.js';
import { createSignedInUser } from '../../helpers/storage-users.js';
import { MIB, PNG } from '../../modules/storage/upload-fixtures.js';

/** A multipart body sent in chunks with no Content-Length: the size is known only by reading it. */
function chunkedUpload(policy: UploadPolicy, fileSize: number): ReadableStream<Uint8Array> {
  const boundary = 'chunked-upload-boundary';
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Object.entries({ ...policy.fields, key: policy.key }).map(([name, value]) => field(name, value)).join('') +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`;
  let sent = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(head));
      controller.enqueue(PNG.subarray(0, 8));
      sent = 8;
    },
    pull(controller) {
      if (sent >= fileSize) {
        controller.enqueue(new TextEncoder().encode(`\r\n--${boundary}--\r\n`));
        controller.close();
        return;
      }
      const chunk = new Uint8Array(Math.min(256 * 1024, fileSize - sent));
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

describeEngines('POST /files over a socket, body of unknown length', (ctx) => {
  let base: string;
  let token: string;
  beforeAll(async () => {
    await ctx.app().listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(ctx.app().server.address() as AddressInfo).port}`;
    token = (await createSignedInUser(ctx.db())).token;
  });

  const policy = async (): Promise<UploadPolicy> => (await ctx.post('/server_api/oss/stsPolicy', { token, kind: 'image' })).body.data;
  const send = (p: UploadPolicy, size: number) =>
    fetch(`${base}${p.host}`, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=chunked-upload-boundary' },
      body: chunkedUpload(p, size),
      duplex: 'half',
    } as RequestInit);

  it('takes a file that stays within 10 MiB', async () => {
    const p = await policy();
    expect((await send(p, 3 * MIB)).status).toBe(204);
    expect(existsSync(path.join(ctx.app().config.dataDir, 'files', p.key))).toBe(true);
  });

  const expectNothingKept = (p: UploadPolicy) => {
    const filesDir = path.join(ctx.app().config.dataDir, 'files');
    expect(existsSync(path.join(filesDir, p.key))).toBe(false);
    expect(readdirSync(path.join(filesDir, '.tmp'))).toEqual([]);
  };

  it('refuses one that goes past it with a clean 403, keeping nothing', async () => {
    const p = await policy();
    const res = await send(p, 15 * MIB);
    expect([res.status, res.headers.get('connection'), await res.json()]).toEqual([403, 'close', { msg: '文件过大' }]);
    expectNothingKept(p);
  });

  it('hangs up on a sender that goes on and on, keeping nothing', async () => {
    const p = await policy();
    const outcome = await send(p, 200 * MIB).then(
      (res) => res.status,
      (error: unknown) => (error as Error).name,
    );
    // Cut off while sending: the response may or may not have reached the client first.
    expect([403, 'TypeError']).toContain(outcome);
    expectNothingKept(p);
  });
});
