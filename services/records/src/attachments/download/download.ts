import * as fs from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import { BLOB_STORE, type BlobStore, type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { AttachmentRepository } from '../attachment.repository';
import { downloadNotFound } from '../attachments.errors';
import { IDENTIFIER } from '../download-identifiers';
import { parseByteRange } from './byte-range';

export interface DownloadedFile {
  bytes: Buffer;
  contentType: string;
  fileName: string;
  /** A range request: the part sent (first and last byte) of a file of `size` bytes; `unsatisfiable` for a 416. */
  range?: { start: number; end: number; size: number } | { unsatisfiable: true; size: number };
}

/**
 * GET download/{identifier} (no bearer token: the short-lived identifier is the proof, so a new window
 * or a frame can open it): the file's bytes, type and name, or the one byte range asked (so a video
 * seeks: only that part is read from the store). Unknown or expired: 404. Audited, with the file's
 * owner as the subject.
 */
@Injectable()
export class Download {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly attachments: AttachmentRepository,
  ) {}

  async execute(identifier: string, caller: Caller, rangeHeader?: string): Promise<DownloadedFile> {
    if (!IDENTIFIER.test(identifier)) throw downloadNotFound();
    const grant = await this.attachments.findGrant(this.kit.db, identifier);
    if (!grant) throw downloadNotFound();
    const read = rangeHeader ? this.readRange(grant.blob_key, rangeHeader) : this.readWhole(grant.blob_key);
    const file = await read.catch(() => null);
    if (!file) throw downloadNotFound();
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.file-downloaded',
      resourceType: 'file',
      resourceId: grant.blob_key,
      subjectId: grant.user_id,
      detail: file.range ? { fileName: grant.file_name, range: file.range } : { fileName: grant.file_name },
    });
    return { ...file, contentType: grant.content_type, fileName: grant.file_name };
  }

  private async readWhole(key: string): Promise<Pick<DownloadedFile, 'bytes' | 'range'>> {
    return { bytes: await this.blobs.read(key) };
  }

  /** Reads only the bytes of the range (a file that is not there throws: 404). */
  private readRange(key: string, header: string): Promise<Pick<DownloadedFile, 'bytes' | 'range'>> {
    return this.blobs.withLocalFile(key, async (file) => {
      const handle = await fs.promises.open(file, 'r');
      try {
        const { size } = await handle.stat();
        const range = parseByteRange(header, size);
        if (range === 'unsatisfiable')
          return { bytes: Buffer.alloc(0), range: { unsatisfiable: true, size } };
        const { start, end } = range === 'none' ? { start: 0, end: size - 1 } : range;
        const length = Math.max(0, end - start + 1);
        const { buffer, bytesRead } = await handle.read(Buffer.alloc(length), 0, length, start);
        const bytes = buffer.subarray(0, bytesRead);
        return range === 'none' ? { bytes } : { bytes, range: { start, end: start + bytesRead - 1, size } };
      } finally {
        await handle.close();
      }
    });
  }
}
