import { randomUUID } from 'node:crypto';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { BlobStore, UploadForm } from './blob-store';

/**
 * S3 driver (BLOB_DRIVER=s3 with S3_BUCKET and the usual AWS_* variables): the browser posts straight
 * to the bucket with a presigned POST; size is enforced by the policy, content type is checked by
 * the context when it reads the object back.
 */
export class S3BlobStore implements BlobStore {
  private readonly s3: S3Client;

  constructor(
    private readonly bucket: string,
    endpoint?: string,
  ) {
    this.s3 = new S3Client({ endpoint, forcePathStyle: !!endpoint });
  }

  async createUploadForm(prefix: string, p: { contentTypes: string[]; maxBytes: number; ttlSeconds?: number }): Promise<UploadForm> {
    const key = `${prefix}/${randomUUID()}`;
    const { url, fields } = await createPresignedPost(this.s3, {
      Bucket: this.bucket,
      Key: key,
      Conditions: [['content-length-range', 1, p.maxBytes]],
      Expires: p.ttlSeconds ?? 900,
    });
    return { key, inputs: fields, attributes: { action: url, enctype: 'multipart/form-data', method: 'POST' } };
  }

  async read(key: string): Promise<Buffer> {
    const out = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await out.Body!.transformToByteArray());
  }

  async exists(key: string): Promise<boolean> {
    return this.s3.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })).then(
      () => true,
      () => false,
    );
  }
}
