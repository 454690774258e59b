import { Injectable } from '@nestjs/common';
import { PROVIDER_VIEWER_TOKEN_TTL_SECONDS, type ViewerAccess } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit, ViewerTokens } from '@portal/server-kit';
import { DocumentRepository } from '../../documents/document.repository';
import { recordHasNoStudy, recordNotFound } from '../../provider.errors';

/**
 * GET provider/records/{recordId}/viewerToken: a viewer token for the study of a record the staff
 * member's facility delivered, checked on every call. The token names the delivery, and imaging opens
 * with it only the owner's instances that came with that delivery. Another facility's record answers
 * like a missing one. Audited.
 */
@Injectable()
export class GetRecordViewerAccess {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly documents: DocumentRepository,
    private readonly tokens: ViewerTokens,
  ) {}

  async execute(staffUserId: string, recordId: string, caller: Caller): Promise<ViewerAccess> {
    const record = await this.documents.findDeliveredForStaff(this.kit.db, staffUserId, recordId);
    if (!record) throw recordNotFound();
    if (!record.study_uid) throw recordHasNoStudy();
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'provider.viewer-token-issued',
      resourceType: 'study',
      resourceId: record.study_uid,
      subjectId: record.patient_user_id,
      detail: { patientRequestId: record.patient_request_id, recordId },
    });
    const jwt = await this.tokens.sign(
      {
        sub: staffUserId,
        owner: record.patient_user_id,
        studies: [record.study_uid],
        purpose: 'view',
        delivery: record.patient_request_id,
      },
      PROVIDER_VIEWER_TOKEN_TTL_SECONDS,
    );
    return { jwt, study_available: true };
  }
}
