import { Injectable } from '@nestjs/common';
import { type EventPayloads, REQUEST_STATUS } from '@portal/contracts';
import { AppError, logger, SYSTEM_CALLER, type Tx } from '@portal/server-kit';
import { SubmitPatientRequest } from '../submit-patient-request/submit-patient-request';
import { PatientRequestRepository } from '../patient-request.repository';

type Requested = EventPayloads['records.smart-fhir-study-requested'];

/** What the facility reads in the request's notes: the study exactly as its own system named it. */
export const foundStudyNotes = (e: Requested): string =>
  [
    `Requested from the Smart FHIR query: ${e.study.description || 'imaging study'} (${e.study.modality})`,
    e.study.studyDate ? `of ${e.study.studyDate}` : null,
    e.study.accessionNumber ? `accession number ${e.study.accessionNumber}` : null,
    `study instance UID ${e.study.studyInstanceUid}`,
  ]
    .filter(Boolean)
    .join(', ');

/**
 * On `records.smart-fhir-study-requested`: the patient's request for one study found at a facility's
 * system, opened with the id records gave it (a replayed event finds it and does nothing). Its status
 * is 'Pending study move' while imaging brings the study in, else 'New' for the facility's inbox.
 */
@Injectable()
export class RequestFoundStudy {
  constructor(
    private readonly submit: SubmitPatientRequest,
    private readonly requests: PatientRequestRepository,
  ) {}

  async execute(tx: Tx, e: Requested): Promise<void> {
    if (await this.requests.lockForChange(tx, e.patientRequestId)) return;
    try {
      await this.submit.submitIn(
        tx,
        {
          id: e.patientRequestId,
          userId: e.userId,
          personId: e.personId,
          custodianId: e.custodianId,
          patient: e.patient,
          docReqTypes: ['IMAGES'],
          notes: foundStudyNotes(e),
          status: e.move ? REQUEST_STATUS.PENDING_STUDY_MOVE : REQUEST_STATUS.NEW,
          createdAt: new Date(e.requestedAt),
          details: {
            custodianAliasId: null,
            requestFrom: 'PATIENT',
            providerRequest: false,
            requestFiller: 'self',
            relationshipType: null,
            relationship: null,
            relation: null,
            legalRelation: null,
            isFamilyMember: false,
            legallyAuthorized: false,
            familyMemberId: null,
            patientMiddleName: null,
            patientEmail: null,
            phone: null,
            address: null,
            city: null,
            state: null,
            postcode: null,
            mrn: e.mrn,
            bodyParts: [],
            dateFrom: e.study.studyDate,
            dateTo: e.study.studyDate,
            delegate: null,
            authorizationFormKey: null,
          },
          requestedStudy: {
            studyInstanceUid: e.study.studyInstanceUid,
            modality: e.study.modality,
            description: e.study.description,
            studyDate: e.study.studyDate,
          },
        },
        SYSTEM_CALLER,
      );
    } catch (err) {
      // A source configured with a facility that does not exist: nothing can be opened; said loudly, not retried forever.
      if (err instanceof AppError && err.code === 'RESOURCE.NOT_FOUND') {
        logger.error(
          { custodianId: e.custodianId, patientRequestId: e.patientRequestId },
          'Smart FHIR source names an unknown facility',
        );
        return;
      }
      throw err;
    }
    if (e.move)
      await this.requests.addTimelineEntry(tx, e.patientRequestId, {
        event: 'STUDY_MOVE_STARTED',
        at: e.requestedAt,
      });
  }
}
