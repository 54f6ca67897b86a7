import { UploadRefusal, type UploadRefusalMsg } from '@app/contract';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../../db/database.js';
import { claimUpload, findFile, releaseUpload } from '../files/file-records.js';
import { isSafeKey } from '../files/file-urls.js';
import type { DiskStore } from './disk-store.js';
import { declaredTypeFits, sniffAudioType } from './audio-types.js';
import { isUploadContentType, SNIFF_LENGTH, sniffContentType } from './image-types.js';
import { brokenCondition, conditionField, contentLengthRange, decodePolicy } from './post-policy.js';

export class UploadRefusedError extends Error {
  constructor(readonly msg: UploadRefusalMsg) {
    super(msg);
    this.name = 'UploadRefusedError';
  }
}

/** One part of the multipart body, in the order sent. */
export type UploadPart =
  | { type: 'field'; name: string; value: string; truncated: boolean }
  | { type: 'file'; name: string; mimetype: string; stream: Readable };

export interface ReceivedUpload {
  key: string;
  /** Sniffed from the bytes. */
  contentType: string;
  size: number;
}

/** The form fields a policy upload may carry before `file` (S3 refuses others as well). */
const FORM_FIELDS = new Set(['policy', 'signature', 'key']);

/**
 * Takes one upload to the embedded store, checking it as S3 or OSS would check a POST policy:
 * the signature, the expiry, every condition (the exact key, the user's prefix, the declared
 * type), then the size while the bytes stream to a temp file (never past the policy's maximum), and
 * finally what the bytes really are. Only then does the file appear under its key. Anything
 * wrong throws UploadRefusedError and leaves nothing behind.
 *
 * A file whose bytes are another allowed type than declared (a PNG sent as image/jpeg) is kept and
 * recorded with the type its bytes have: that is what browsers will see in it, and refusing would
 * only punish a mislabelled photo. Bytes of any other kind are refused whatever was declared.
 */
export async function receiveUpload(
  deps: { db: Db; store: DiskStore },
  parts: AsyncIterable<UploadPart>,
  now = new Date(),
): Promise<ReceivedUpload> {
  const form: Record<string, string> = {};
  let checked: CheckedPolicy | undefined;
  let declaredType = '';
  let file: ReceivedFile | undefined;
  try {
    for await (const part of parts) {
      // `file` is the last part: the policy has to be known before a byte of it is kept.
      if (file) throw new UploadRefusedError(UploadRefusal.malformed);
      if (part.type === 'field') {
        if (part.name in form) throw new UploadRefusedError(UploadRefusal.malformed);
        if (!FORM_FIELDS.has(part.name) || part.truncated) throw new UploadRefusedError(UploadRefusal.invalid);
        form[part.name] = part.value;
        continue;
      }
      if (part.name !== 'file') throw new UploadRefusedError(UploadRefusal.malformed);
      checked = checkPolicy(form, part.mimetype, deps.store, now);
      declaredType = part.mimetype;
      file = await receiveFile(deps.store, part.stream, checked.maxSize);
    }
    if (!checked || !file) throw new UploadRefusedError(UploadRefusal.malformed);

    // Our policies allow 1..maxSize bytes: below the range is an empty file.
    if (file.size < checked.minSize) throw new UploadRefusedError(UploadRefusal.empty);
    const contentType = checkedContentType(checked.key, declaredType, file.head);

    const row = await findFile(deps.db, checked.key);
    if (!row || row.userId === null) throw new UploadRefusedError(UploadRefusal.invalid);
    const upload = { key: checked.key, userId: row.userId, contentType, size: file.size };
    if (!(await claimUpload(deps.db, upload, now))) throw new UploadRefusedError(UploadRefusal.used);
    try {
      await deps.store.commit(file.temp, checked.key);
    } catch (error) {
      await releaseUpload(deps.db, checked.key);
      throw error;
    }
    return { key: checked.key, contentType, size: file.size };
  } finally {
    if (file) await rm(file.temp, { force: true });
  }
}

/**
 * What the bytes are, as the policy's kind allows: a picture (jpeg, png, webp: any of the three,
 * whatever was declared), or for an `audio` key MP3, M4A, AAC or WAV — which must be what the
 * browser declared, when it named one (an MP3 sent as audio/wav is a disguise).
 */
function checkedContentType(key: string, declaredType: string, head: Buffer): string {
  if (!isAudioKey(key)) {
    const contentType = sniffContentType(head);
    if (!isUploadContentType(contentType)) throw new UploadRefusedError(UploadRefusal.notImage);
    return contentType;
  }
  const contentType = sniffAudioType(head);
  if (!contentType || !declaredTypeFits(declaredType, contentType)) throw new UploadRefusedError(UploadRefusal.notAudio);
  return contentType;
}

/** Keys of audio policies are `users/<id>/audio/…` (storage/upload-keys): the server chose them. */
function isAudioKey(key: string): boolean {
  return key.split('/')[2] === 'audio';
}

interface CheckedPolicy {
  key: string;
  minSize: number;
  maxSize: number;
}

function checkPolicy(form: Record<string, string>, declaredType: string, store: DiskStore, now: Date): CheckedPolicy {
  const { policy, signature, key } = form;
  if (policy === undefined || signature === undefined) throw new UploadRefusedError(UploadRefusal.invalid);
  if (key === undefined) throw new UploadRefusedError(UploadRefusal.malformed);
  if (!store.signed(policy, signature)) throw new UploadRefusedError(UploadRefusal.invalid);
  const document = decodePolicy(policy);
  if (!document) throw new UploadRefusedError(UploadRefusal.invalid);
  if (now.getTime() >= Date.parse(document.expiration)) throw new UploadRefusedError(UploadRefusal.expired);

  const range = contentLengthRange(document.conditions);
  if (!range || !isSafeKey(key)) throw new UploadRefusedError(UploadRefusal.invalid);
  const broken = brokenCondition(document.conditions, { key, 'Content-Type': declaredType });
  if (broken) {
    const wrongType = isAudioKey(key) ? UploadRefusal.notAudio : UploadRefusal.notImage;
    throw new UploadRefusedError(conditionField(broken) === 'content-type' ? wrongType : UploadRefusal.invalid);
  }
  return { key, minSize: range.min, maxSize: range.max };
}

interface ReceivedFile {
  temp: string;
  size: number;
  /** The first bytes, to tell what the file really is. */
  head: Buffer;
}

/** Streams the file to a temp file, counting; past `maxSize` it stops and refuses. */
async function receiveFile(store: DiskStore, source: Readable, maxSize: number): Promise<ReceivedFile> {
  const temp = await store.tempFile();
  const received: ReceivedFile = { temp, size: 0, head: Buffer.alloc(0) };
  let sourceFailed = false;
  source.once('error', () => (sourceFailed = true));
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received.size += chunk.length;
      if (received.size > maxSize) return done(new UploadRefusedError(UploadRefusal.tooLarge));
      if (received.head.length < SNIFF_LENGTH) received.head = Buffer.concat([received.head, chunk]).subarray(0, SNIFF_LENGTH);
      done(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, createWriteStream(temp, { flags: 'wx' }));
    return received;
  } catch (error) {
    await rm(temp, { force: true });
    if (error instanceof UploadRefusedError) throw error;
    // The multipart layer broke off (a cut body, its own size limit): the request is at fault.
    if (sourceFailed) throw new UploadRefusedError(received.size >= maxSize ? UploadRefusal.tooLarge : UploadRefusal.malformed);
    throw error;
  }
}
