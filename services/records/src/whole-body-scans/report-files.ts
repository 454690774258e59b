import * as fs from 'node:fs';
import { Inject, Injectable } from '@nestjs/common';
import { BLOB_STORE, type BlobStore } from '@portal/server-kit';
import type { CheckedFile } from './publish-scan/scan-plan';
import { reportFileInvalid, uploadKeyRefused } from './whole-body-scans.errors';

export type ReportFileKind = 'PDF_REPORT' | 'VIDEO_REPORT';

/** The prefix of every report file a facility's staff member uploads: a published key must start with it. */
export const reportUploadPrefix = (userId: string): string => `records/wbs/${userId}`;

/** What a report file may be: its real type (by content) and size, and the names its form takes. */
export const REPORT_FILE_RULES: Record<
  ReportFileKind,
  { contentTypes: string[]; maxBytes: number; extensions: RegExp }
> = {
  PDF_REPORT: { contentTypes: ['application/pdf'], maxBytes: 50 * 1024 * 1024, extensions: /\.pdf$/i },
  VIDEO_REPORT: {
    contentTypes: ['video/mp4', 'video/webm'],
    maxBytes: 500 * 1024 * 1024,
    extensions: /\.(mp4|m4v|webm)$/i,
  },
};

const KEY = /^records\/wbs\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/;

/**
 * The type of a report file by its first bytes, never its name: a PDF starts '%PDF-'; an MP4 has its
 * 'ftyp' box first (ISO/IEC 14496-12); a WebM is an EBML document (1A 45 DF A3) whose DocType is 'webm'.
 */
export const reportTypeOf = (head: Buffer): string | null => {
  if (head.subarray(0, 5).toString('latin1') === '%PDF-') return 'application/pdf';
  if (head.length >= 12 && head.subarray(4, 8).toString('latin1') === 'ftyp') return 'video/mp4';
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3 && head.includes(Buffer.from('webm')))
    return 'video/webm';
  return null;
};

/**
 * Checks an uploaded report file before it is published: the key is one this caller's upload form
 * gave (under their prefix, of the server's making), the object is there, its bytes are of its kind
 * and it is not too large. Anything else is a 400 naming the field; the key never names a path itself.
 */
@Injectable()
export class ReportFiles {
  constructor(@Inject(BLOB_STORE) private readonly blobs: BlobStore) {}

  async check(userId: string, key: string, kind: ReportFileKind, field: string): Promise<CheckedFile> {
    if (!KEY.test(key) || !key.startsWith(`${reportUploadPrefix(userId)}/`)) throw uploadKeyRefused(field);
    const found = await this.blobs
      .withLocalFile(key, async (file) => {
        const handle = await fs.promises.open(file, 'r');
        try {
          const { size } = await handle.stat();
          const { buffer, bytesRead } = await handle.read(Buffer.alloc(64), 0, 64, 0);
          return { size, head: buffer.subarray(0, bytesRead) };
        } finally {
          await handle.close();
        }
      })
      .catch(() => null);
    if (!found) throw uploadKeyRefused(field);
    const rules = REPORT_FILE_RULES[kind];
    const type = reportTypeOf(found.head);
    if (!type || !rules.contentTypes.includes(type) || found.size > rules.maxBytes)
      throw reportFileInvalid(field, kind === 'PDF_REPORT' ? 'PDF' : 'video');
    return { blobKey: key, contentType: type, size: found.size };
  }

  /** Stores a file the server was handed whole (a FHIR report's PDF), under the caller's prefix. */
  async keep(userId: string, key: string, bytes: Buffer, contentType: string): Promise<void> {
    if (!key.startsWith(`${reportUploadPrefix(userId)}/`)) throw uploadKeyRefused('presentedForm');
    await this.blobs.write(key, bytes, contentType);
  }

  /** Removes a file the server kept itself when what it belonged to was not published. */
  async remove(key: string): Promise<void> {
    await this.blobs.remove(key).catch(() => undefined);
  }
}
