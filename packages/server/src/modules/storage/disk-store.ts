import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { constants } from 'node:fs';
import { copyFile, link, mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FILES_PREFIX, isSafeKey, userDir } from '../files/file-urls.js';
import { encodePolicy, hasValidSignature, signPolicy } from './post-policy.js';
import type { FileStore, PutBody, StoredObject } from './store.js';
import { type UploadKind, type UploadPolicy } from '@app/contract';
import { uploadLimitsOf } from './store.js';
import { newUploadKey } from './upload-keys.js';

/** Where the embedded store takes uploads: a same-origin path, so the app needs no CORS. */
export const DISK_UPLOAD_HOST = FILES_PREFIX.slice(0, -1);

/**
 * Files in a folder on disk (`<dataDir>/files/<key>`), served by this server under /files/. Its
 * upload policies are signed with a key only the server knows; routes/files checks them on
 * POST /files the way a bucket would (see modules/storage/disk-upload).
 */
export class DiskStore implements FileStore {
  readonly kind = 'disk';
  /** Half-written files; a name starting with '.' is never a valid key, so they are never served. */
  private readonly tempDir: string;

  constructor(
    readonly root: string,
    private readonly secret: Buffer,
  ) {
    this.tempDir = path.join(root, '.tmp');
  }

  async createUploadPolicy({ userId, kind, now = new Date() }: { userId: number; kind: UploadKind; now?: Date }): Promise<UploadPolicy> {
    const key = newUploadKey(userId, kind);
    const limits = uploadLimitsOf(kind);
    const dir = userDir(userId);
    const expiresAt = new Date(now.getTime() + limits.ttlSeconds * 1000);
    const policy = encodePolicy({
      expiration: expiresAt.toISOString(),
      conditions: [
        { key },
        ['starts-with', '$key', dir],
        ['content-length-range', 1, limits.maxSize],
        // The file part's declared type; the bytes are sniffed as well.
        ['in', '$Content-Type', [...limits.contentTypes]],
      ],
    });
    return {
      host: DISK_UPLOAD_HOST,
      dir,
      key,
      expire: Math.floor(expiresAt.getTime() / 1000),
      maxSize: limits.maxSize,
      contentTypes: [...limits.contentTypes],
      fields: { policy, signature: signPolicy(policy, this.secret) },
      url: this.fileUrl(key),
    };
  }

  /** Whether `signature` is this store's signature of `policy` (an upload's first check). */
  signed(policy: string, signature: string): boolean {
    return hasValidSignature(policy, signature, this.secret);
  }

  /** The disk store keeps no types: the files table holds them (the size is what it can tell). */
  async put(key: string, body: PutBody, _options: { contentType: string; size?: number }): Promise<void> {
    const temp = await this.tempFile();
    try {
      if (body instanceof Readable) await pipeline(body, createWriteStream(temp, { flags: 'wx' }));
      else await writeFile(temp, body, { flag: 'wx' });
      await this.commit(temp, key);
    } finally {
      await rm(temp, { force: true });
    }
  }

  /**
   * A hard link when the file system has them (no bytes copied, however large the video), else a
   * copy; either is made under a temp name and then moved under `to`, so no half file is served.
   * The disk store keeps no types (the files table does).
   */
  async copy(from: string, to: string, _options: { contentType: string }): Promise<boolean> {
    const source = this.pathOf(from);
    const temp = await this.tempFile();
    try {
      try {
        await link(source, temp);
      } catch (error) {
        if (isMissing(error)) return false;
        await copyFile(source, temp, constants.COPYFILE_EXCL);
      }
      await this.commit(temp, to);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    } finally {
      await rm(temp, { force: true });
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async head(key: string): Promise<StoredObject | null> {
    const stats = await this.statFile(key);
    return stats && { size: stats.size, contentType: undefined, lastModified: stats.mtime };
  }

  async readStart(key: string, length: number): Promise<Buffer | null> {
    const handle = await this.openFile(key);
    if (!handle) return null;
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  async openRead(key: string): Promise<Readable | null> {
    const handle = await this.openFile(key);
    // The stream closes the handle when it ends or is destroyed.
    return handle && handle.createReadStream();
  }

  /** The file of a key opened for reading, or null when there is none. */
  private async openFile(key: string) {
    try {
      return await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  fileUrl(key: string): string {
    return `${FILES_PREFIX}${key}`;
  }

  /** Nothing to let go of: files are opened per call. */
  close(): void {}

  /** The file of a key, with its stats, or null when there is no such file. */
  async statFile(key: string): Promise<{ path: string; size: number; mtime: Date } | null> {
    const file = this.pathOf(key);
    try {
      const stats = await stat(file);
      return stats.isFile() ? { path: file, size: stats.size, mtime: stats.mtime } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  /** A fresh path to write a file to before `commit` moves it under its key. */
  async tempFile(): Promise<string> {
    await mkdir(this.tempDir, { recursive: true });
    return path.join(this.tempDir, randomUUID());
  }

  /** Moves a finished temp file under its key in one step (same file system): no half file is ever served. */
  async commit(temp: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await rename(temp, target);
  }

  /** Refuses any key that could leave the root (see isSafeKey), then checks the result stays inside anyway. */
  private pathOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!isSafeKey(key) || !file.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`unsafe file key: ${JSON.stringify(key)}`);
    return file;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}
