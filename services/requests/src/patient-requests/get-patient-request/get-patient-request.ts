import { Inject, Injectable } from '@nestjs/common';
import {
  docRequestTypeName,
  dueDateOf,
  isoToMmDdYyyy,
  type PatientRequestDetails,
  type RequestTimelineEntry,
} from '@portal/contracts';
import { BLOB_STORE, type BlobStore, type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { patientRequestNotFound } from '../../requests.errors';
import {
  PatientRequestRepository,
  type StoredDocumentRequest,
  type StoredPatientRequest,
} from '../patient-request.repository';

const toDetails = (
  r: StoredPatientRequest,
  documentRequests: StoredDocumentRequest[],
  timeline: RequestTimelineEntry[],
): PatientRequestDetails => ({
  id: r.id,
  status: r.status,
  created_at: new Date(r.created_at).toISOString(),
  custodian: { id: r.custodian_id, name: r.custodian_name },
  patient: {
    firstName: r.patient_first_name,
    middleName: r.patient_middle_name,
    lastName: r.patient_last_name,
    dateOfBirth: isoToMmDdYyyy(r.patient_dob),
    email: r.patient_email,
  },
  requestFrom: r.request_from,
  requestFiller: r.request_filler,
  relationshipType: r.relationship_type,
  relationship: r.relationship,
  relation: r.relation,
  legalRelation: r.legal_relation,
  mrn: r.mrn,
  document_requests: documentRequests.map((d) => ({
    id: d.id,
    document_request_type: { mnemonic: d.type, name: docRequestTypeName(d.type) },
    rejection: d.rejection,
  })),
  bodyParts: r.body_parts,
  dateFrom: r.date_from ? isoToMmDdYyyy(r.date_from) : null,
  dateTo: r.date_to ? isoToMmDdYyyy(r.date_to) : null,
  notes: r.notes,
  hasAuthorizationForm: !!r.authorization_form_key,
  legalDocuments: r.legal_documents,
  dueDate: dueDateOf(r.created_at),
  timeline,
});

/**
 * GET patientRequest/{id} and authorizationForm/{id}: only the request's owner; another user's id
 * answers 404 like a missing one. Both reads of patient data are audited.
 */
@Injectable()
export class GetPatientRequest {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly requests: PatientRequestRepository,
  ) {}

  private async owned(
    userId: string,
    id: string,
    caller: Caller,
    action: string,
  ): Promise<StoredPatientRequest> {
    const request = await this.requests.findOwned(this.kit.db, id, userId);
    if (!request) throw patientRequestNotFound();
    await this.kit.audit.record(this.kit.db, caller, {
      actorId: userId,
      action,
      resourceType: 'patient_request',
      resourceId: id,
      subjectId: userId,
    });
    return request;
  }

  async details(userId: string, id: string, caller: Caller): Promise<PatientRequestDetails> {
    const request = await this.owned(userId, id, caller, 'requests.request-read');
    const [documentRequests, timeline] = await Promise.all([
      this.requests.documentRequests(this.kit.db, id),
      this.requests.timeline(this.kit.db, id),
    ]);
    return toDetails(request, documentRequests, timeline);
  }

  async authorizationForm(userId: string, id: string, caller: Caller): Promise<Buffer> {
    const request = await this.owned(userId, id, caller, 'requests.authorization-form-read');
    // Requests seeded before the wizard have no signed form.
    if (!request.authorization_form_key) throw patientRequestNotFound();
    return this.blobs.read(request.authorization_form_key);
  }
}
