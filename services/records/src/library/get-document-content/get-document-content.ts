import { Inject, Injectable } from '@nestjs/common';
import {
  BLOB_STORE,
  type BlobStore,
  type Caller,
  InjectContext,
  notFound,
  type UseCaseKit,
} from '@portal/server-kit';
import { LibraryRepository } from '../library.repository';

export const documentNotFound = () => notFound('Document');

/** GET getFileContent/{documentId}: a library document's bytes, for its owner only (anyone else: 404, like a missing one); audited. */
@Injectable()
export class GetDocumentContent {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly library: LibraryRepository,
  ) {}

  async execute(
    userId: string,
    documentId: string,
    caller: Caller,
  ): Promise<{ bytes: Buffer; contentType: string; fileName: string }> {
    const doc = await this.library.findOwnedDocument(this.kit.db, documentId, userId);
    if (!doc) throw documentNotFound();
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.document-read',
      resourceType: 'document',
      resourceId: doc.id,
      subjectId: userId,
      detail: { patientRequestId: doc.patient_request_id },
    });
    return {
      bytes: await this.blobs.read(doc.blob_key),
      contentType: doc.content_type,
      fileName: doc.file_name,
    };
  }
}
