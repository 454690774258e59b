import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError, notFound } from '../errors/app-error';
import { sniffContentType } from './content-type';

/** The spec's presigned flow: GET a form (key, inputs, attributes), then POST the file to `action`. */
export interface UploadForm {
  key: string;
  inputs: Record<string, string>;
  attributes: { action: string; enctype: 'multipart/form-data'; method: 'POST' };
}

export interface UploadPolicy {
  key: string;
  contentTypes: string[];
  maxBytes: number;
  expiresAt: number;
}

/** What an upload may be: its real type (by content) among `contentTypes`, at most `maxBytes`. */
export interface UploadRules {
  contentTypes: string[];
  maxBytes: number;
}

export interface BlobStore {
  createUploadForm(prefix: string, policy: UploadRules & { ttlSeconds?: number }): Promise<UploadForm>;
  /**
   * Before a context keeps a key the browser says it uploaded: the object is there and its bytes obey
   * the rules; what breaks them is deleted and refused (FILE.INVALID_TYPE, FILE.TOO_LARGE).
   */
  confirmUpload(key: string, rules: UploadRules): Promise<{ key: string; contentType: string; size: number }>;
  read(key: string): Promise<Buffer>;
  /**
   * The object as a local file while `read` runs, for readers that stream or seek (a zip's entries are
   * unpacked one at a time from it): the disk driver's own file, a temporary copy for S3.
   */
  withLocalFile<T>(key: string, read: (file: string) => Promise<T>): Promise<T>;
  exists(key: string): Promise<boolean>;
  /** Stores bytes the server made itself (a generated PDF), not a browser upload. */
  write(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores what the server makes piece by piece (an export's NDJSON), never whole in memory; the object
   * appears only once the last piece is in, and nothing is kept when the source fails.
   */
  writeStream(key: string, source: AsyncIterable<Buffer>, contentType: string): Promise<void>;
  /** The object's bytes as a stream (a download served as it is read); a missing object is RESOURCE.NOT_FOUND. */
  readStream(key: string): Promise<Readable>;
  /** Removes an object; an absent one is no error (cleanup after a failed transaction). */
  remove(key: string): Promise<void>;
}

/**
 * The one grammar of a storage key, for every driver: segments of letters, digits, '_', '-' and '.'
 * that start with neither a dot nor a slash (no '.', '..', hidden names or absolute paths). Keys are
 * made by the server (ids, content hashes); this refuses one that data could have bent.
 */
const KEY = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*$/;
const MAX_KEY_LENGTH = 512;
const invalidKey = () => new AppError('REQUEST.VALIDATION_FAILED', 'Invalid key');

export const checkedKey = (key: string): string => {
  if (typeof key !== 'string' || key.length > MAX_KEY_LENGTH || !KEY.test(key)) throw invalidKey();
  return key;
};

/** The file of a key under `root`; a key that breaks the grammar or resolves outside `root` is refused. */
export const resolveInside = (root: string, key: string): string => {
  const base = path.resolve(root);
  const resolved = path.resolve(base, checkedKey(key));
  if (!resolved.startsWith(base + path.sep)) throw invalidKey();
  return resolved;
};

/** A new key under `prefix`, with nothing in the prefix that could climb out of it. */
export const uploadKey = (prefix: string): string =>
  `${prefix
    .replace(/[^a-zA-Z0-9/_-]/g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/^\//, '')}/${randomUUID()}`;

/** The rules of an upload applied to its size and first bytes (`head` null: nothing was uploaded). */
export const checkUploadedBytes = async (
  key: string,
  head: Buffer | null,
  size: number,
  rules: UploadRules,
): Promise<{ key: string; contentType: string; size: number }> => {
  if (!head) throw notFound('Upload');
  if (size > rules.maxBytes)
    throw new AppError('FILE.TOO_LARGE', `File is larger than ${rules.maxBytes} bytes`);
  const contentType = await sniffContentType(head.subarray(0, 4100));
  if (!contentType || !rules.contentTypes.includes(contentType))
    throw new AppError('FILE.INVALID_TYPE', 'Invalid file type');
  return { key, contentType, size };
};

const b64 = (s: string) => Buffer.from(s).toString('base64url');

/**
 * Disk driver: files under .data/blobs; the upload form carries a policy signed with HMAC, checked
 * by the gateway's upload target together with the file's real content type.
 */
export class DiskBlobStore implements BlobStore {
  constructor(
    private readonly root: string,
    private readonly secret: string,
    private readonly action = '/api/blob/upload',
  ) {}

  private sign(policy: string): string {
    return createHmac('sha256', this.secret).update(policy).digest('base64url');
  }

  async createUploadForm(prefix: string, p: UploadRules & { ttlSeconds?: number }): Promise<UploadForm> {
    const key = uploadKey(prefix);
    const policy: UploadPolicy = {
      key,
      contentTypes: p.contentTypes,
      maxBytes: p.maxBytes,
      expiresAt: Date.now() + (p.ttlSeconds ?? 900) * 1000,
    };
    const encoded = b64(JSON.stringify(policy));
    return {
      key,
      inputs: { key, policy: encoded, signature: this.sign(encoded) },
      attributes: { action: this.action, enctype: 'multipart/form-data', method: 'POST' },
    };
  }

  /**
   * The form's signed policy from the inputs that come before the file: signature, expiry and key.
   * The upload target checks it before it reads a byte of the file.
   */
  verifyUploadInputs(inputs: Record<string, string | undefined>): UploadPolicy {
    const { policy: encoded = '', signature = '' } = inputs;
    const expected = Buffer.from(this.sign(encoded));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given))
      throw new AppError('AUTH.FORBIDDEN', 'Upload signature is not valid');
    const policy = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as UploadPolicy;
    if (policy.expiresAt < Date.now()) throw new AppError('AUTH.FORBIDDEN', 'Upload form has expired');
    if (inputs.key !== policy.key)
      throw new AppError('REQUEST.VALIDATION_FAILED', 'Upload key does not match its form');
    return policy;
  }

  /**
   * Streams a file to a temporary file next to its target, counting bytes: past the policy's
   * maxBytes it stops at once (FILE.TOO_LARGE); the type is sniffed from the first bytes as soon as
   * they are in; only a file that obeys the policy is renamed into place. Nothing is kept on failure.
   */
  async acceptUploadStream(
    policy: UploadPolicy,
    file: Readable,
  ): Promise<{ key: string; contentType: string; size: number }> {
    const target = this.pathOf(policy.key);
    const tmp = `${target}.${randomUUID()}.part`;
    const HEAD = 4100;
    const headParts: Buffer[] = [];
    let headBytes = 0;
    let size = 0;
    let sniffed = false;
    const check = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > policy.maxBytes)
          return done(new AppError('FILE.TOO_LARGE', `File is larger than ${policy.maxBytes} bytes`));
        if (headBytes < HEAD) {
          headParts.push(chunk.subarray(0, HEAD - headBytes));
          headBytes += Math.min(chunk.length, HEAD - headBytes);
        }
        if (sniffed || headBytes < HEAD) return done(null, chunk);
        // The head is in: a file of the wrong type stops here rather than after its last byte.
        sniffed = true;
        checkUploadedBytes(policy.key, Buffer.concat(headParts), size, policy).then(
          () => done(null, chunk),
          (err: unknown) => done(err as Error),
        );
      },
    });
    // Opened before the pipeline runs: a stream that opens its file lazily could create it after a
    // refused upload's clean-up below had already run, leaving the temporary file behind. The key's
    // folder is made by its first upload only (a folder of 300 files shares one).
    const out = await fs.promises.open(tmp, 'wx').catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      return fs.promises.open(tmp, 'wx');
    });
    try {
      await pipeline(file, check, out.createWriteStream());
      const { contentType } = await checkUploadedBytes(policy.key, Buffer.concat(headParts), size, policy);
      await fs.promises.rename(tmp, target);
      return { key: policy.key, contentType, size };
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
  }

  /** Checks the signed policy and the bytes, then stores the file; nothing is kept on any failure. */
  async acceptUpload(
    inputs: Record<string, string | undefined>,
    file: Buffer,
  ): Promise<{ key: string; contentType: string; size: number }> {
    return this.acceptUploadStream(this.verifyUploadInputs(inputs), Readable.from([file]));
  }

  /** The upload target checked the bytes already; this checks they are there and still obey `rules`. */
  async confirmUpload(
    key: string,
    rules: UploadRules,
  ): Promise<{ key: string; contentType: string; size: number }> {
    const target = this.pathOf(key);
    const handle = await fs.promises.open(target, 'r').catch(() => null);
    if (!handle) return checkUploadedBytes(key, null, 0, rules);
    let head: Buffer;
    let size: number;
    try {
      size = (await handle.stat()).size;
      const { buffer, bytesRead } = await handle.read(Buffer.alloc(4100), 0, 4100, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
    try {
      return await checkUploadedBytes(key, head, size, rules);
    } catch (err) {
      await fs.promises.rm(target, { force: true });
      throw err;
    }
  }

  private pathOf(key: string): string {
    return resolveInside(this.root, key);
  }

  async read(key: string): Promise<Buffer> {
    return fs.promises.readFile(this.pathOf(key));
  }

  async withLocalFile<T>(key: string, read: (file: string) => Promise<T>): Promise<T> {
    return read(this.pathOf(key));
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.part`;
    await fs.promises.writeFile(tmp, bytes);
    await fs.promises.rename(tmp, target);
  }

  async writeStream(key: string, source: AsyncIterable<Buffer>): Promise<void> {
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${randomUUID()}.part`;
    try {
      await pipeline(Readable.from(source), fs.createWriteStream(tmp, { flags: 'wx' }));
      await fs.promises.rename(tmp, target);
    } catch (err) {
      await fs.promises.rm(tmp, { force: true });
      throw err;
    }
  }

  async readStream(key: string): Promise<Readable> {
    // Opened before it is handed over: a missing file is a refusal now, not a broken stream later.
    const handle = await fs.promises.open(this.pathOf(key), 'r').catch(() => null);
    if (!handle) throw notFound('File');
    return handle.createReadStream();
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return fs.promises.access(this.pathOf(key)).then(
      () => true,
      () => false,
    );
  }
}
