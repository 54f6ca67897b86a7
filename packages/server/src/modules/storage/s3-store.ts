import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { Readable } from 'node:stream';
import type { S3Config } from '../../config.js';
import { userDir } from '../files/file-urls.js';
import { cacheControlOf, USER_CONTENT } from './cache-control.js';
import { decodePolicy } from './post-policy.js';
import type { FileStore, PutBody, StoredObject } from './store.js';
import { type UploadKind, type UploadPolicy } from '@app/contract';
import { uploadLimitsOf } from './store.js';
import { newUploadKey } from './upload-keys.js';

/**
 * An S3-compatible bucket (AWS, MinIO, OSS's S3 API, …), addressed path-style so a local
 * endpoint works. Uploads go straight to the bucket with a presigned POST whose policy pins the
 * user's prefix and the size range; files are read from `publicUrl`.
 *
 * What a POST policy cannot say: "one of image/jpeg, image/png, image/webp" (its conditions are
 * exact or starts-with on a form field, and the app's form carries no Content-Type field). So a
 * bucket takes any bytes under the user's prefix; `confirmUpload` (modules/files/user-uploads)
 * sniffs them before the server ever uses the file, and removes whatever is not such an image.
 */
export class S3Store implements FileStore {
  readonly kind = 's3';
  private readonly client: S3Client;

  constructor(private readonly config: S3Config) {
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      forcePathStyle: true,
      // By default the SDK sends streamed bodies aws-chunked with a checksum trailer, which not
      // every S3-compatible store understands (s3rver stores the chunk framing as content).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /** Signed with the SDK's clock (`now` is the disk store's, for tests of expiry). */
  async createUploadPolicy({ userId, kind }: { userId: number; kind: UploadKind }): Promise<UploadPolicy> {
    const key = newUploadKey(userId, kind);
    const limits = uploadLimitsOf(kind);
    const dir = userDir(userId);
    const { url, fields } = await createPresignedPost(this.client, {
      Bucket: this.config.bucket,
      Key: key,
      // Stored with the object, so the bucket serves the upload with it (the SDK adds the field
      // to the policy's conditions too: an upload cannot ask for a longer one).
      Fields: { 'Cache-Control': USER_CONTENT },
      Conditions: [
        ['starts-with', '$key', dir],
        ['content-length-range', 1, limits.maxSize],
      ],
      Expires: limits.ttlSeconds,
    });
    // The app sends `key` itself, right after the fields (docs/api.md, /server_api/oss/stsPolicy): leave it out of them.
    const { key: _key, ...policyFields } = fields;
    const expiration = decodePolicy(policyFields.Policy ?? '')?.expiration;
    if (!expiration) throw new Error('the presigned POST carries no readable policy');
    return {
      host: url,
      dir,
      key,
      expire: Math.floor(Date.parse(expiration) / 1000),
      maxSize: limits.maxSize,
      contentTypes: [...limits.contentTypes],
      fields: policyFields,
      url: this.fileUrl(key),
    };
  }

  async put(key: string, body: PutBody, { contentType, size }: { contentType: string; size?: number }): Promise<void> {
    const length = body instanceof Readable ? size : body.length;
    if (length === undefined) throw new TypeError('S3Store.put needs the size of a stream');
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.config.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ContentLength: length,
        CacheControl: cacheControlOf(key),
      }),
    );
  }

  /** CopyObject inside the bucket; the metadata is replaced, so the copy has the new key's caching. */
  async copy(from: string, to: string, { contentType }: { contentType: string }): Promise<boolean> {
    try {
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.config.bucket,
          Key: to,
          CopySource: `${this.config.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
          MetadataDirective: 'REPLACE',
          ContentType: contentType,
          CacheControl: cacheControlOf(to),
        }),
      );
      return true;
    } catch (error) {
      if (statusOf(error) === 404 || (error as { name?: unknown }).name === 'NoSuchKey') return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.config.bucket, Key: key }));
  }

  async head(key: string): Promise<StoredObject | null> {
    try {
      const object = await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return { size: object.ContentLength ?? 0, contentType: object.ContentType, lastModified: object.LastModified ?? new Date(0) };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  async readStart(key: string, length: number): Promise<Buffer | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key, Range: `bytes=0-${length - 1}` }));
      const bytes = await object.Body?.transformToByteArray();
      return Buffer.from(bytes ?? []).subarray(0, length);
    } catch (error) {
      const status = statusOf(error);
      if (status === 404) return null;
      // An empty object has no byte 0.
      if (status === 416) return Buffer.alloc(0);
      throw error;
    }
  }

  async openRead(key: string): Promise<Readable | null> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: key }));
      return object.Body instanceof Readable ? object.Body : null;
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  }

  fileUrl(key: string): string {
    return `${this.config.publicUrl}/${key}`;
  }

  close(): void {
    this.client.destroy();
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}
