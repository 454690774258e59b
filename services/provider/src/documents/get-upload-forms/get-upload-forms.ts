import { Inject, Injectable } from '@nestjs/common';
import { PROVIDER_UPLOADS, type ProviderUploadFile } from '@portal/contracts';
import {
  BLOB_STORE,
  type BlobStore,
  InjectContext,
  type UploadForm,
  type UseCaseKit,
} from '@portal/server-kit';
import { DataRequestRepository } from '../../data-requests/data-request.repository';
import { documentRequestOf, requestOfStaff, uploadPrefix } from '../../data-requests/staff-request';
import { alreadySubmitted, documentRequestRejected } from '../../provider.errors';

export interface UploadFormsInput {
  patientRequestId: string;
  documentRequestId: string;
  files: ProviderUploadFile[];
}

/** What a document request of a type accepts; an unknown type takes what OTHERS takes. */
export const uploadRulesOf = (type: string) => {
  const rules = PROVIDER_UPLOADS[type as keyof typeof PROVIDER_UPLOADS] ?? PROVIDER_UPLOADS.OTHERS;
  return { contentTypes: [...rules.contentTypes], maxBytes: rules.maxBytes };
};

/**
 * POST generateS3PresignedURL: one presigned form per file (a batch of at most 20) under the document
 * request's prefix, with the rules of its type. Refused while the document request is rejected or
 * once the records are submitted.
 */
@Injectable()
export class GetUploadForms {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly dataRequests: DataRequestRepository,
  ) {}

  async execute(staffUserId: string, input: UploadFormsInput): Promise<{ forms: UploadForm[] }> {
    const request = await requestOfStaff(this.dataRequests, this.kit.db, staffUserId, input.patientRequestId);
    const documentRequest = documentRequestOf(request, input.documentRequestId);
    if (request.uploaded_at) throw alreadySubmitted();
    if (documentRequest.rejection) throw documentRequestRejected();
    const rules = uploadRulesOf(documentRequest.type);
    const prefix = uploadPrefix(request.id, documentRequest.id);
    return { forms: await Promise.all(input.files.map(() => this.blobs.createUploadForm(prefix, rules))) };
  }
}
