import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { createPresignedPost, type PresignedPostOptions } from '@aws-sdk/s3-presigned-post';
import {
  type BlobStore,
  type UploadForm,
  type UploadRules,
  checkUploadedBytes,
  checkedKey,
  uploadKey,
} from './blob-store';
import { notFound } from '../errors/app-error';

/** A multipart upload's parts (S3 takes at least 5 MB for every part but the last). */
const PART_BYTES = 8 * 1024 * 1024;

/** Bytes enough for every signature sniffContentType knows (file-type reads up to 4100). */
const HEAD_BYTES = 4100;

/** The longest start the allowed types share, for a starts-with condition when there are several. */
const commonPrefix = (types: string[]): string =>
  types.reduce((prefix, t) => {
    let i = 0;
    while (i < prefix.length && prefix[i] === t[i]) i++;
    return prefix.slice(0, i);
  });

/**
 * S3 driver (BLOB_DRIVER=s3 with S3_BUCKET and the usual AWS_* variables): the browser posts straight
 * to the bucket with a presigned POST whose policy bounds the size and the declared Content-Type;
 * `confirmUpload` then checks the real type by the object's first bytes and deletes what it refuses,
 * since S3 only ever sees the type the browser declares.
 */
export class S3BlobStore implements BlobStore {
  private readonly s3: S3Client;

  constructor(
    private readonly bucket: string,
    options: Pick<S3ClientConfig, 'endpoint' | 'region' | 'credentials'> = {},
  ) {
    this.s3 = new S3Client({ ...options, forcePathStyle: !!options.endpoint });
  }

  async createUploadForm(prefix: string, p: UploadRules & { ttlSeconds?: number }): Promise<UploadForm> {
    const key = uploadKey(prefix);
    // One allowed type is fixed in the inputs; with several the browser sends the file's own type
    // as Content-Type and the policy bounds it by what they share (e.g. "image/").
    const one = p.contentTypes.length === 1 ? p.contentTypes[0] : undefined;
    const conditions: NonNullable<PresignedPostOptions['Conditions']> = [
      ['content-length-range', 1, p.maxBytes],
    ];
    if (!one) conditions.push(['starts-with', '$Content-Type', commonPrefix(p.contentTypes)]);
    const { url, fields } = await createPresignedPost(this.s3, {
      Bucket: this.bucket,
      Key: key,
      // Fields are signed as exact conditions too.
      Fields: one ? { 'Content-Type': one } : undefined,
      Conditions: conditions,
      Expires: p.ttlSeconds ?? 900,
    });
    return {
      key,
      inputs: fields,
      attributes: { action: url, enctype: 'multipart/form-data', method: 'POST' },
    };
  }

  async confirmUpload(
    key: string,
    rules: UploadRules,
  ): Promise<{ key: string; contentType: string; size: number }> {
    const head = await this.s3
      .send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }))
      .catch((err: unknown) => {
        if (isNotFound(err)) return null;
        throw err;
      });
    if (!head) return checkUploadedBytes(key, null, 0, rules);
    const size = head.ContentLength ?? 0;
    const first = size > 0 ? await this.readRange(key, Math.min(size, HEAD_BYTES)) : Buffer.alloc(0);
    try {
      return await checkUploadedBytes(key, first, size, rules);
    } catch (err) {
      // Nothing refused is kept, as the disk driver never stores it.
      await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      throw err;
    }
  }

  private async readRange(key: string, length: number): Promise<Buffer> {
    const out = await this.s3.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key), Range: `bytes=0-${length - 1}` }),
    );
    return Buffer.from(await out.Body!.transformToByteArray());
  }

  async read(key: string): Promise<Buffer> {
    const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
    return Buffer.from(await out.Body!.transformToByteArray());
  }

  /** Streams the object to a temporary file (never whole in memory) and removes it after `read`. */
  async withLocalFile<T>(key: string, read: (file: string) => Promise<T>): Promise<T> {
    const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'blob-'));
    try {
      const file = path.join(dir, 'object');
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      await pipeline(out.Body as Readable, fs.createWriteStream(file));
      return await read(file);
    } finally {
      await fs.promises.rm(dir, { recursive: true, force: true });
    }
  }

  async write(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.s3.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkedKey(key),
        Body: bytes,
        ContentType: contentType,
      }),
    );
  }

  /**
   * Pieces are gathered into parts of PART_BYTES: what ends within the first part is one PUT, anything
   * longer a multipart upload (aborted on failure, so no half object is ever visible).
   */
  async writeStream(key: string, source: AsyncIterable<Buffer>, contentType: string): Promise<void> {
    const Key = checkedKey(key);
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let uploadId: string | undefined;
    const parts: Array<{ ETag?: string; PartNumber: number }> = [];
    const sendPart = async () => {
      uploadId ??= (
        await this.s3.send(
          new CreateMultipartUploadCommand({ Bucket: this.bucket, Key, ContentType: contentType }),
        )
      ).UploadId!;
      const PartNumber = parts.length + 1;
      const { ETag } = await this.s3.send(
        new UploadPartCommand({
          Bucket: this.bucket,
          Key,
          UploadId: uploadId,
          PartNumber,
          Body: Buffer.concat(pending),
        }),
      );
      parts.push({ ETag, PartNumber });
      pending = [];
      pendingBytes = 0;
    };
    try {
      for await (const piece of source) {
        pending.push(piece);
        pendingBytes += piece.length;
        if (pendingBytes >= PART_BYTES) await sendPart();
      }
      if (!uploadId) return await this.write(key, Buffer.concat(pending), contentType);
      if (pendingBytes) await sendPart();
      await this.s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key,
          UploadId: uploadId,
          MultipartUpload: { Parts: parts },
        }),
      );
    } catch (err) {
      if (uploadId)
        await this.s3
          .send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: uploadId }))
          .catch(() => undefined);
      throw err;
    }
  }

  async readStream(key: string): Promise<Readable> {
    try {
      const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
      return out.Body as Readable;
    } catch (err) {
      if (isNotFound(err)) throw notFound('File');
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await this.s3.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) }));
  }

  /** False only when the object is not there: a refused credential or an unreachable endpoint is an error, not an answer. */
  async exists(key: string): Promise<boolean> {
    return this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checkedKey(key) })).then(
      () => true,
      (err: unknown) => {
        if (isNotFound(err)) return false;
        throw err;
      },
    );
  }
}

const isNotFound = (err: unknown): boolean => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
};
