import { Inject, Injectable } from '@nestjs/common';
import { fileTypeMessage, type RecordType, SELF_UPLOADS } from '@portal/contracts';
import {
  BLOB_STORE,
  type BlobStore,
  STORAGE_GATE,
  type StorageGate,
  type UploadForm,
} from '@portal/server-kit';
import { selfUploadPrefix } from '../upload.repository';
import { fileTooLarge, fileTypeRefused } from '../uploads.errors';

export interface SelfUploadFormInput {
  fileName: string;
  size: number;
  recordType: RecordType;
}

/** What a self upload of a type may be (by content), as the blob store's rules. */
export const selfUploadRules = (recordType: RecordType) => ({
  contentTypes: [...SELF_UPLOADS[recordType].contentTypes],
  maxBytes: SELF_UPLOADS[recordType].maxBytes,
});

/**
 * GET myRecords/getPresignedUploadUrl: a presigned form for one self-uploaded file under the caller's
 * prefix, with the record type's rules. A name the type does not take is refused with the upload
 * form's own message (records spec §5), and a file larger than the type allows before any byte moves.
 */
@Injectable()
export class GetSelfUploadForm {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    @Inject(STORAGE_GATE) private readonly storage: StorageGate,
  ) {}

  async execute(userId: string, input: SelfUploadFormInput): Promise<UploadForm> {
    // Issue 30: a lapsed storage plan pauses new uploads (decision 0031); nothing stored is touched.
    await this.storage.assertOpen(userId);
    const message = fileTypeMessage(input.fileName, input.recordType);
    if (message) throw fileTypeRefused(message);
    const rules = selfUploadRules(input.recordType);
    if (input.size > rules.maxBytes) throw fileTooLarge(rules.maxBytes);
    return this.blobs.createUploadForm(selfUploadPrefix(userId), rules);
  }
}
