import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { REQUEST_STATUS } from '@portal/contracts';
import { type Caller, InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import { custodianNotFound, unlistedFacilityUsed } from '../../requests.errors';
import { CustodianRepository } from '../../custodians/custodian.repository';
import { type CustodianRow, requestFeeOf } from '../../custodians/custodian.mapper';
import { type NewPatientRequest, PatientRequestRepository } from '../patient-request.repository';

export const NEW_REQUEST_STATUS = 'New';
/** The signed form as the facility sees it among what the patient sent (its attachment id is the request's: one form per request). */
export const AUTHORIZATION_FORM_FILE_NAME = 'authorization-form.pdf';

export type SubmitPatientRequestInput = Omit<NewPatientRequest, 'id' | 'status' | 'createdAt'> &
  Partial<Pick<NewPatientRequest, 'id' | 'status' | 'createdAt'>>;

/**
 * Raises a patient request to a facility: the request with its document requests and uploads, its
 * `patient-request-submitted` event (the library and the facility's inbox are built from it) and the
 * audit row commit together. The wizard's checks come before, in RequestPatientRecord.
 */
@Injectable()
export class SubmitPatientRequest {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly custodians: CustodianRepository,
    private readonly requests: PatientRequestRepository,
  ) {}

  execute(input: SubmitPatientRequestInput, caller: Caller): Promise<string> {
    return this.kit.transaction((tx) => this.submitIn(tx, input, caller));
  }

  /** The same, in the caller's transaction (an event consumer's, which also marks its event processed). */
  async submitIn(tx: Tx, input: SubmitPatientRequestInput, caller: Caller): Promise<string> {
    // A facility the requester named is theirs alone, and takes one request (locked: two submits race).
    const custodian = await this.custodians.findRow(tx, input.custodianId, input.userId, true);
    if (!custodian) throw custodianNotFound();
    if (custodian.owner_user_id && (await this.custodians.hasRequests(tx, custodian.id)))
      throw unlistedFacilityUsed();
    // Issue 30: a request raised for the patient (not seeded history, nor one a facility raises itself)
    // to a facility that charges a fee waits for it; the facility gets it once billing says it is paid.
    const fee =
      input.status === undefined && !input.details?.providerRequest ? requestFeeOf(custodian) : null;
    const request: NewPatientRequest = {
      ...input,
      id: input.id ?? randomUUID(),
      status: input.status ?? (fee ? REQUEST_STATUS.PENDING_PAYMENT : NEW_REQUEST_STATUS),
      createdAt: input.createdAt ?? new Date(),
      // Ids given here, so the rows and the submitted event (the facility's inbox) name the same document requests and files.
      documentRequestIds: input.docReqTypes.map(() => randomUUID()),
      uploads: input.uploads?.map((u) => ({ ...u, id: u.id ?? randomUUID() })),
      fee,
    };
    const documentRequests = request.docReqTypes.map((type, i) => ({
      id: request.documentRequestIds![i],
      type,
    }));
    const d = request.details;
    const attachments = [
      ...(d?.authorizationFormKey
        ? [
            {
              id: request.id,
              kind: 'authorization_form' as const,
              key: d.authorizationFormKey,
              fileName: AUTHORIZATION_FORM_FILE_NAME,
              contentType: 'application/pdf',
            },
          ]
        : []),
      ...(request.uploads ?? []).map((u) => ({
        id: u.id!,
        kind: u.kind,
        key: u.key,
        fileName: u.fileName,
        contentType: u.contentType,
      })),
    ];
    await this.requests.insert(tx, request);
    // With a fee, nothing reaches the facility before it is paid (RecordFeeChange sends it then).
    if (!fee) await this.toFacility(tx, request.id, custodian, request.createdAt.toISOString());
    await this.requests.addTimelineEntry(tx, request.id, {
      event: 'SUBMITTED',
      at: request.createdAt.toISOString(),
    });
    await this.kit.events.record(tx, 'requests.patient-request-submitted', {
      patientRequestId: request.id,
      userId: request.userId,
      personId: request.personId,
      custodianId: request.custodianId,
      custodianName: custodian.name,
      patient: request.patient,
      docReqTypes: request.docReqTypes,
      status: request.status,
      createdAt: request.createdAt.toISOString(),
      ...(d
        ? {
            requestFrom: d.requestFrom,
            providerRequest: d.providerRequest,
            custodianAliasId: d.custodianAliasId,
            mrn: d.mrn,
            requestFiller: d.requestFiller,
            patientPhone: d.phone,
          }
        : {}),
      documentRequests,
      dateFrom: d?.dateFrom ?? null,
      dateTo: d?.dateTo ?? null,
      bodyParts: d?.bodyParts ?? [],
      attachments,
      requestedStudy: request.requestedStudy ?? null,
      fee,
    });
    await this.kit.audit.record(tx, caller, {
      actorId: request.userId,
      action: 'requests.submitted',
      resourceType: 'patient_request',
      resourceId: request.id,
      subjectId: request.userId,
    });
    return request.id;
  }

  /**
   * What goes to the facility itself when a request reaches it (at submission, or with a fee once it is
   * paid): a facility the patient named gets its one-time account and link. A catalogue facility's inbox
   * follows the request's own events (submitted, status changed), so nothing more is sent to it.
   */
  async toFacility(tx: Tx, patientRequestId: string, custodian: CustodianRow, at: string): Promise<void> {
    if (!custodian.owner_user_id) return;
    await this.kit.events.record(tx, 'requests.unlisted-facility-requested', {
      patientRequestId,
      custodianId: custodian.id,
      facilityName: custodian.name,
      facilityEmail: custodian.email!,
      accountUserId: randomUUID(),
      requestedAt: at,
    });
  }
}
