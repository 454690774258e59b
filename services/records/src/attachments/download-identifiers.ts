import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DOWNLOAD_IDENTIFIER_TTL_SECONDS, type IdentifierAnswer } from '@portal/contracts';
import type { Queryable } from '@portal/server-kit';
import { AttachmentRepository } from './attachment.repository';

/** 32 random bytes, base64url: the whole proof of a download, so it must not be guessable. */
export const IDENTIFIER = /^[A-Za-z0-9_-]{43}$/;

/** Hands out short-lived download identifiers (DOWNLOAD_IDENTIFIER_TTL_SECONDS unless said) for one stored file of a user. */
@Injectable()
export class DownloadIdentifiers {
  constructor(private readonly attachments: AttachmentRepository) {}

  async issue(
    db: Queryable,
    userId: string,
    file: { blobKey: string; fileName: string; contentType: string },
    now = new Date(),
    /** A video plays (and seeks, each seek a new range request) for longer than a download takes. */
    ttlSeconds = DOWNLOAD_IDENTIFIER_TTL_SECONDS,
  ): Promise<IdentifierAnswer> {
    const identifier = randomBytes(32).toString('base64url');
    await this.attachments.insertGrant(
      db,
      {
        identifier,
        user_id: userId,
        blob_key: file.blobKey,
        file_name: file.fileName,
        content_type: file.contentType,
      },
      new Date(now.getTime() + ttlSeconds * 1000),
    );
    return { identifier };
  }
}
