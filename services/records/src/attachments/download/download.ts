import { Inject, Injectable } from '@nestjs/common';
import { BLOB_STORE, type BlobStore, type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { AttachmentRepository } from '../attachment.repository';
import { downloadNotFound } from '../attachments.errors';
import { IDENTIFIER } from '../download-identifiers';

/**
 * GET download/{identifier} (no bearer token: the short-lived identifier is the proof, so a new window
 * or a frame can open it): the file's bytes, type and name. Unknown or expired: 404. Audited, with the
 * file's owner as the subject.
 */
@Injectable()
export class Download {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly attachments: AttachmentRepository,
  ) {}

  async execute(
    identifier: string,
    caller: Caller,
  ): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
    if (!IDENTIFIER.test(identifier)) throw downloadNotFound();
    const grant = await this.attachments.findGrant(this.kit.db, identifier);
    if (!grant) throw downloadNotFound();
    const bytes = await this.blobs.read(grant.blob_key).catch(() => null);
    if (!bytes) throw downloadNotFound();
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.file-downloaded',
      resourceType: 'file',
      resourceId: grant.blob_key,
      subjectId: grant.user_id,
      detail: { fileName: grant.file_name },
    });
    return { bytes, contentType: grant.content_type, fileName: grant.file_name };
  }
}
