import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type EventPayloads,
  fileTypeMessage,
  type ManualUploadAnswer,
  type RecordType,
  type UploadedImage,
} from '@portal/contracts';
import {
  BLOB_STORE,
  type BlobStore,
  type Caller,
  InjectContext,
  type Queryable,
  readDicomUpload,
  type UseCaseKit,
  STORAGE_GATE,
  type StorageGate,
} from '@portal/server-kit';
import { FamilyMemberRepository } from '../../family/family-member.repository';
import { selfUploadRules } from '../get-upload-form/get-upload-form';
import { type NewSelfUpload, selfUploadPrefix, SelfUploadRepository } from '../upload.repository';
import { familyMemberNotFound, fileTypeRefused, uploadKeyInvalid, uploadKeyUsed } from '../uploads.errors';

export interface ManualUploadInput {
  uploaded_images: UploadedImage[];
  family_member_id: string | null;
  /** 01/MM/YYYY. */
  examDate: string;
  recordName: string;
  recordType: RecordType;
}

export interface Uploader {
  userId: string;
  personId: string;
}

const KEY = /^[A-Za-z0-9/_-]+$/;
/** A unique violation (SQLSTATE 23505), bare from pg or wrapped by TypeORM. */
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: unknown; driverError?: { code?: unknown } } | undefined;
  return (err?.driverError?.code ?? err?.code) === '23505';
};
/** 01/MM/YYYY as YYYY-MM-DD. */
export const isoExamDate = (examDate: string): string => {
  const [day, month, year] = examDate.split('/');
  return `${year}-${month}-${day}`;
};

/**
 * POST myRecords/manuallyUploadImages: keeps one self-uploaded file as a record of the caller (or of
 * one of their family members). The key must come from the caller's own self-upload forms and not be
 * kept yet; the bytes must obey the record type's rules (by content) and, for imaging, read as DICOM.
 * The request (Completed, no facility), the used key, the library document (reports and others), the
 * event for imaging and the audit row are written in one transaction; on any failure after the key was
 * checked as the caller's, the file is removed so nothing is left half-kept.
 */
@Injectable()
export class ManualUpload {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly uploads: SelfUploadRepository,
    private readonly family: FamilyMemberRepository,
    @Inject(STORAGE_GATE) private readonly storage: StorageGate,
  ) {}

  async execute(who: Uploader, input: ManualUploadInput, caller: Caller): Promise<ManualUploadAnswer> {
    // Issue 30: a lapsed storage plan pauses new uploads (decision 0031); nothing stored is touched.
    await this.storage.assertOpen(who.userId);
    const [file] = input.uploaded_images;
    // A key from elsewhere is not ours to remove: refused, left alone. So is one already kept.
    if (
      !KEY.test(file.id) ||
      !file.id.startsWith(`${selfUploadPrefix(who.userId)}/`) ||
      file.id.includes('..')
    )
      throw uploadKeyInvalid();
    if (await this.uploads.isKeyUsed(this.kit.db, file.id)) throw uploadKeyUsed();
    let kept = false;
    try {
      const typeMessage = fileTypeMessage(file.file_name, input.recordType);
      if (typeMessage) throw fileTypeRefused(typeMessage);
      const patient = await this.patientOf(this.kit.db, who, input.family_member_id);
      const confirmed = await this.blobs.confirmUpload(file.id, selfUploadRules(input.recordType));
      // Imaging must read as DICOM now: a damaged file is refused here, not found broken by imaging later.
      if (input.recordType === 'IMAGES')
        await this.blobs.withLocalFile(file.id, (local) =>
          readDicomUpload(local, confirmed.contentType, file.file_name),
        );
      const upload: NewSelfUpload = {
        patientRequestId: randomUUID(),
        userId: who.userId,
        personId: patient.personId,
        firstName: patient.firstName,
        lastName: patient.lastName,
        recordType: input.recordType,
        recordName: input.recordName.trimEnd(),
        examDate: isoExamDate(input.examDate),
        createdAt: new Date(),
        key: file.id,
        document:
          input.recordType === 'IMAGES'
            ? null
            : {
                id: randomUUID(),
                fileName: file.file_name,
                contentType: confirmed.contentType,
                size: confirmed.size,
              },
      };
      await this.store(upload, input.family_member_id, caller, {
        documentId: upload.document?.id ?? randomUUID(),
        key: file.id,
        fileName: file.file_name,
        contentType: confirmed.contentType,
        size: confirmed.size,
      });
      kept = true;
      return { patientRequestId: upload.patientRequestId };
    } catch (e) {
      // The same key kept by a concurrent call: that record owns the file now.
      if (isUniqueViolation(e)) throw uploadKeyUsed();
      if (!kept) await this.blobs.remove(file.id);
      throw e;
    }
  }

  /** Writes the request, key, document, event and audit row in one transaction. */
  async store(
    upload: NewSelfUpload,
    familyMemberId: string | null,
    caller: Caller,
    doc: EventPayloads['records.self-upload-stored']['documents'][number],
  ): Promise<void> {
    await this.kit.transaction(async (tx) => {
      await this.uploads.insert(tx, upload);
      await this.kit.events.record(tx, 'records.self-upload-stored', {
        patientRequestId: upload.patientRequestId,
        userId: upload.userId,
        personId: upload.personId,
        recordType: upload.recordType,
        recordName: upload.recordName,
        examDate: upload.examDate,
        documents: [doc],
      });
      await this.kit.audit.record(tx, caller, {
        action: 'records.self-upload-kept',
        resourceType: 'patient_request',
        resourceId: upload.patientRequestId,
        subjectId: upload.userId,
        detail: { recordType: upload.recordType, familyMemberId, documentId: upload.document?.id ?? null },
      });
    });
  }

  /** Myself (the token's person, the account holder's name) or one of the caller's family members (404 for anyone else's). */
  private async patientOf(
    db: Queryable,
    who: Uploader,
    familyMemberId: string | null,
  ): Promise<{ personId: string; firstName: string | null; lastName: string | null }> {
    if (familyMemberId) {
      const member = await this.family.findOwned(db, who.userId, familyMemberId);
      if (!member) throw familyMemberNotFound();
      return { personId: member.id, firstName: member.first_name, lastName: member.last_name };
    }
    const holder = await this.family.holder(db, who.userId);
    return {
      personId: who.personId,
      firstName: holder?.first_name ?? null,
      lastName: holder?.last_name ?? null,
    };
  }
}
