import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type GeneratedPatientRequest, REQUEST_STATUS } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { foundStudyNotFound, holderUnnamed } from '../smart-fhir.errors';
import { SmartFhirRepository } from '../smart-fhir.repository';
import { SmartFhirSources } from '../smart-fhir-sources';

/**
 * POST smartFhir/generatePatientRequestFromCfindResponse (records spec §7): a records request for
 * one found study, made once (a second click answers the same request). The records context names
 * the new request and announces it (`records.smart-fhir-study-requested`) in the transaction that
 * marks the row: requests opens it, and imaging moves the study in when the source can deliver it
 * (WADO-RS), else it goes to the facility's inbox. Someone else's row is 404.
 */
@Injectable()
export class GeneratePatientRequest {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly repository: SmartFhirRepository,
    private readonly sources: SmartFhirSources,
  ) {}

  execute(userId: string, cfindResponseId: string, caller: Caller): Promise<GeneratedPatientRequest> {
    return this.kit.transaction(async (tx) => {
      const row = await this.repository.lockOwnStudy(tx, cfindResponseId, userId);
      if (!row) throw foundStudyNotFound();
      const source = this.sources.byId(row.source_id);
      const move = source && row.wado_root ? { sourceId: source.id, wadoRoot: row.wado_root } : null;
      if (row.patient_request_id)
        return {
          patientRequestId: row.patient_request_id,
          status:
            (await this.repository.requestStatus(tx, row.patient_request_id)) ??
            (move ? REQUEST_STATUS.PENDING_STUDY_MOVE : REQUEST_STATUS.NEW),
        };
      const holder = await this.repository.holder(tx, userId);
      if (!holder?.firstName || !holder.lastName || !holder.personId || !holder.dateOfBirth)
        throw holderUnnamed();
      const patient = await this.repository.patientAt(tx, userId, holder, row.custodian_id);
      const patientRequestId = randomUUID();
      await this.repository.setRequest(tx, row.id, patientRequestId);
      const accession = row.custom_query_items.find((i) => i.tag === '00080050')?.value ?? null;
      await this.kit.events.record(tx, 'records.smart-fhir-study-requested', {
        patientRequestId,
        userId,
        personId: holder.personId,
        custodianId: row.custodian_id,
        facilityName: row.facility_name,
        patient: {
          firstName: holder.firstName,
          lastName: holder.lastName,
          dateOfBirth: holder.dateOfBirth,
        },
        mrn: patient.mrn,
        study: {
          studyInstanceUid: row.study_instance_uid,
          modality: row.modality,
          description: row.study_description,
          studyDate: row.study_date,
          accessionNumber: accession,
        },
        move,
        requestedAt: new Date().toISOString(),
      });
      await this.kit.audit.record(tx, caller, {
        action: 'records.smart-fhir-request-generated',
        resourceType: 'patient_request',
        resourceId: patientRequestId,
        subjectId: userId,
        detail: { source: row.source_id, study: row.study_instance_uid, move: !!move },
      });
      return {
        patientRequestId,
        status: move ? REQUEST_STATUS.PENDING_STUDY_MOVE : REQUEST_STATUS.NEW,
      };
    });
  }
}
