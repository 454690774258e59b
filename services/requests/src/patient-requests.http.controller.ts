import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { MESSAGES, patientRequestSchema } from '@portal/contracts';
import { type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, notFound, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import type { EntityManager } from 'typeorm';

export const NEW_REQUEST_STATUS = 'New';

/** Raises a patient request and its event in one transaction. */
export const submitPatientRequest = async (
  kit: ContextKit,
  tx: EntityManager,
  r: {
    id?: string;
    userId: string;
    personId: string;
    custodianId: string;
    patient: { firstName: string; lastName: string; dateOfBirth: string };
    docReqTypes: string[];
    notes: string;
    status?: string;
    createdAt?: Date;
  },
): Promise<string> => {
  const [custodian]: Array<{ name: string }> = await tx.query(`SELECT name FROM requests.custodians WHERE id = $1`, [r.custodianId]);
  if (!custodian) throw notFound('Custodian');
  const id = r.id ?? randomUUID();
  const createdAt = r.createdAt ?? new Date();
  const status = r.status ?? NEW_REQUEST_STATUS;
  await tx.query(
    `INSERT INTO requests.patient_requests (id, user_id, person_id, custodian_id, patient_first_name, patient_last_name, patient_dob, status, doc_req_types, notes, created_at)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11)`,
    [id, r.userId, r.personId, r.custodianId, r.patient.firstName, r.patient.lastName, r.patient.dateOfBirth, status, r.docReqTypes, r.notes, createdAt],
  );
  await kit.events.record(tx, 'requests.patient-request-submitted', {
    patientRequestId: id,
    userId: r.userId,
    personId: r.personId,
    custodianId: r.custodianId,
    custodianName: custodian.name,
    patient: r.patient,
    docReqTypes: r.docReqTypes,
    status,
    createdAt: createdAt.toISOString(),
  });
  await kit.audit.record(tx, { actorId: r.userId, action: 'requests.submitted', resourceType: 'patient_request', resourceId: id, subjectId: r.userId });
  return id;
};

@ApiTags('requests')
@Controller('requestRecord')
export class PatientRequestsController {
  constructor(@InjectContext('requests') private readonly kit: ContextKit) {}

  /** POST /api/requestRecord/requestPatientRecord (first slice: custodian, record types, notes). */
  @Roles('PATIENT')
  @Post('requestPatientRecord')
  async request(@CurrentUser() user: CurrentUserClaims, @Body(validate(patientRequestSchema)) body: InferType<typeof patientRequestSchema>) {
    const id = await this.kit.events.transaction((tx) =>
      submitPatientRequest(this.kit, tx, {
        userId: user.sub,
        personId: user.personId,
        custodianId: body.custodian_id,
        patient: { firstName: body.patientFirstName, lastName: body.patientLastName, dateOfBirth: body.patientDOB },
        docReqTypes: body.docReqType,
        notes: body.notes,
      }),
    );
    return { id, message: MESSAGES.requestGenerated };
  }

  /** The caller's own requests, newest first. */
  @Roles('PATIENT')
  @Get('loadGrid')
  async loadGrid(@CurrentUser() user: CurrentUserClaims) {
    return this.kit.ds.query(
      `SELECT r.id, r.status, r.doc_req_types, r.created_at, c.id AS custodian_id, c.name AS custodian_name
       FROM requests.patient_requests r JOIN requests.custodians c ON c.id = r.custodian_id WHERE r.user_id = $1 ORDER BY r.created_at DESC`,
      [user.sub],
    );
  }
}
