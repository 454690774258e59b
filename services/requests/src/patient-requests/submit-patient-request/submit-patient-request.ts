import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { custodianNotFound } from '../../requests.errors';
import { CustodianRepository } from '../../custodians/custodian.repository';
import { type NewPatientRequest, PatientRequestRepository } from '../patient-request.repository';

export const NEW_REQUEST_STATUS = 'New';

export type SubmitPatientRequestInput = Omit<NewPatientRequest, 'id' | 'status' | 'createdAt'> & Partial<Pick<NewPatientRequest, 'id' | 'status' | 'createdAt'>>;

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
    const request: NewPatientRequest = { ...input, id: input.id ?? randomUUID(), status: input.status ?? NEW_REQUEST_STATUS, createdAt: input.createdAt ?? new Date() };
    return this.kit.transaction(async (tx) => {
      const custodian = await this.custodians.findById(tx, request.custodianId);
      if (!custodian) throw custodianNotFound();
      await this.requests.insert(tx, request);
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
        ...(request.details
          ? { requestFrom: request.details.requestFrom, providerRequest: request.details.providerRequest, custodianAliasId: request.details.custodianAliasId, mrn: request.details.mrn }
          : {}),
      });
      await this.kit.audit.record(tx, caller, { actorId: request.userId, action: 'requests.submitted', resourceType: 'patient_request', resourceId: request.id, subjectId: request.userId });
      return request.id;
    });
  }
}
