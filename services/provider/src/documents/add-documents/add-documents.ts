import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { AddDocumentsResult, UploadedDocument } from '@portal/contracts';
import {
  AppError,
  BLOB_STORE,
  type BlobStore,
  type Caller,
  type DicomHeader,
  InjectContext,
  readDicomUpload,
  type UseCaseKit,
} from '@portal/server-kit';
import {
  DataRequestRepository,
  type StoredDataRequest,
  type StoredDocumentRequest,
} from '../../data-requests/data-request.repository';
import { documentRequestOf, requestOfStaff, uploadPrefix } from '../../data-requests/staff-request';
import {
  alreadySubmitted,
  documentRequestRejected,
  uploadKeyInvalid,
  uploadKeyUsed,
} from '../../provider.errors';
import { DocumentRepository, type NewDocument, toProviderDocument } from '../document.repository';
import { uploadRulesOf } from '../get-upload-forms/get-upload-forms';

export interface AddDocumentsInput {
  patientRequestId: string;
  documentRequestId: string;
  uploadedDocuments: UploadedDocument[];
}

const KEY = /^[A-Za-z0-9/_-]+$/;
const isImaging = (contentType: string) =>
  contentType === 'application/dicom' || contentType === 'application/zip';
const messageOf = (e: unknown) => (e instanceof AppError ? e.message : 'The file could not be read');

/**
 * POST addDocuments: keeps the files a facility uploaded to a document request. Each key must come
 * from this document request's forms and not be kept yet; its bytes must obey the type's rules (by
 * content); DICOM files and zips must read as DICOM (the study is kept for the welcome page). A
 * refused file is removed from the blob store and listed with the reason; the kept ones are written
 * with `provider.files-uploaded` in one transaction.
 */
@Injectable()
export class AddDocuments {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly dataRequests: DataRequestRepository,
    private readonly documents: DocumentRepository,
  ) {}

  async execute(staffUserId: string, input: AddDocumentsInput, caller: Caller): Promise<AddDocumentsResult> {
    const request = await requestOfStaff(this.dataRequests, this.kit.db, staffUserId, input.patientRequestId);
    const documentRequest = this.open(request, input.documentRequestId);
    const refused: AddDocumentsResult['refused'] = [];
    const used = await this.documents.keysUsed(
      this.kit.db,
      input.uploadedDocuments.map((u) => u.key),
    );
    const checked = await Promise.all(
      input.uploadedDocuments.map((u) =>
        this.check(request, documentRequest, u, staffUserId, used).catch((e: unknown) => ({
          refused: { file_name: u.file_name, message: messageOf(e) },
        })),
      ),
    );
    const kept: NewDocument[] = [];
    for (const c of checked) {
      if ('refused' in c) refused.push(c.refused);
      else kept.push(c);
    }
    if (!kept.length) return { documents: [], refused };
    try {
      await this.kit.transaction(async (tx) => {
        // Again under the lock: a submit or a rejection may have come in while the files were read.
        this.open(
          await requestOfStaff(this.dataRequests, tx, staffUserId, request.id, true),
          documentRequest.id,
        );
        await this.documents.insertMany(tx, kept);
        const at = new Date();
        // One entry per run of uploads (as the patient's timeline has it): a 300-file folder sent in
        // batches of 20 is one "files uploaded", not fifteen.
        if ((await this.dataRequests.lastTimelineEvent(tx, request.id)) !== 'FILES_UPLOADED') {
          await this.dataRequests.addTimeline(tx, request.id, 'FILES_UPLOADED', at, String(kept.length));
        }
        await this.kit.events.record(tx, 'provider.files-uploaded', {
          patientRequestId: request.id,
          userId: request.patient_user_id,
          documentRequestId: documentRequest.id,
          count: kept.length,
          at: at.toISOString(),
        });
        await this.kit.audit.record(tx, caller, {
          action: 'provider.documents-added',
          resourceType: 'data_request',
          resourceId: request.id,
          subjectId: request.patient_user_id,
          detail: {
            documentRequestId: documentRequest.id,
            documents: kept.map((d) => d.id),
            refused: refused.length,
          },
        });
      });
    } catch (e) {
      await Promise.all(kept.map((d) => this.blobs.remove(d.blob_key)));
      throw e;
    }
    const documents = await this.documents.listByIds(
      this.kit.db,
      kept.map((d) => d.id),
    );
    return { documents: documents.map(toProviderDocument), refused };
  }

  private open(request: StoredDataRequest, documentRequestId: string): StoredDocumentRequest {
    const documentRequest = documentRequestOf(request, documentRequestId);
    if (request.uploaded_at) throw alreadySubmitted();
    if (documentRequest.rejection) throw documentRequestRejected();
    return documentRequest;
  }

  /** One uploaded file checked; what breaks a content rule is removed from the blob store. */
  private async check(
    request: StoredDataRequest,
    documentRequest: StoredDocumentRequest,
    u: UploadedDocument,
    staffUserId: string,
    used: Set<string>,
  ): Promise<NewDocument> {
    // A key from elsewhere is not ours to remove: refused, left alone.
    if (!KEY.test(u.key) || !u.key.startsWith(`${uploadPrefix(request.id, documentRequest.id)}/`))
      throw uploadKeyInvalid(u.file_name);
    if (used.has(u.key)) throw uploadKeyUsed(u.file_name);
    const confirmed = await this.blobs.confirmUpload(u.key, uploadRulesOf(documentRequest.type));
    let study: DicomHeader | null = null;
    if (isImaging(confirmed.contentType)) {
      try {
        study = (
          await this.blobs.withLocalFile(u.key, (local) =>
            readDicomUpload(local, confirmed.contentType, u.file_name),
          )
        )[0].header;
      } catch (e) {
        await this.blobs.remove(u.key);
        throw e;
      }
    }
    return {
      id: randomUUID(),
      patient_request_id: request.id,
      document_request_id: documentRequest.id,
      blob_key: u.key,
      file_name: u.file_name,
      path: u.path,
      content_type: confirmed.contentType,
      size: confirmed.size,
      study_uid: study?.studyInstanceUid ?? null,
      study_description: study?.studyDescription ?? null,
      study_date: study?.studyDate ?? null,
      modality: study?.modality ?? null,
      uploaded_by: staffUserId,
    };
  }
}
