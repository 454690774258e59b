import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import { custodianNotFound, unlistedFacilityUsed } from '../../requests.errors';
import { CustodianRepository } from '../../custodians/custodian.repository';
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
    const request: NewPatientRequest = {
      ...input,
      id: input.id ?? randomUUID(),
      status: input.status ?? NEW_REQUEST_STATUS,
      createdAt: input.createdAt ?? new Date(),
      // Ids given here, so the rows and the submitted event (the facility's inbox) name the same document requests and files.
      documentRequestIds: input.docReqTypes.map(() => randomUUID()),
      uploads: input.uploads?.map((u) => ({ ...u, id: u.id ?? randomUUID() })),
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
    {
      // A facility the requester named is theirs alone, and takes one request (locked: two submits race).
      const custodian = await this.custodians.findRow(tx, request.custodianId, request.userId, true);
      if (!custodian) throw custodianNotFound();
      const unlisted = custodian.owner_user_id ? custodian : null;
      if (unlisted && (await this.custodians.hasRequests(tx, unlisted.id))) throw unlistedFacilityUsed();
      await this.requests.insert(tx, request);
      if (unlisted) {
        await this.kit.events.record(tx, 'requests.unlisted-facility-requested', {
          patientRequestId: request.id,
          custodianId: unlisted.id,
          facilityName: unlisted.name,
          facilityEmail: unlisted.email!,
          accountUserId: randomUUID(),
          requestedAt: request.createdAt.toISOString(),
        });
      }
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
  }
}
