import { Controller, Get, Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DOC_REQUEST_TYPE_NAMES, type DocRequestType } from '@portal/contracts';
import { type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, Roles } from '@portal/server-kit';

/** Fills the inbox from the requests context's events. */
@Injectable()
export class DataRequestConsumer implements OnModuleInit {
  constructor(@InjectContext('provider') private readonly kit: ContextKit) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('inbox', ['requests.patient-request-submitted'], async ({ payload: p }, tx) => {
      await tx.query(
        `INSERT INTO provider.data_requests (id, custodian_id, custodian_name, patient_user_id, patient_first_name, patient_last_name, patient_dob, doc_req_types, status, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10) ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status`,
        [p.patientRequestId, p.custodianId, p.custodianName, p.userId, p.patient.firstName, p.patient.lastName, p.patient.dateOfBirth, p.docReqTypes, p.status, p.createdAt],
      );
    });
  }
}

@ApiTags('provider')
@Controller()
export class DataRequestsController {
  constructor(@InjectContext('provider') private readonly kit: ContextKit) {}

  /** GET /api/getPatientRequestsForExternalProvider: requests to the caller's own facilities only, newest first. */
  @Roles('EXTERNAL_PROVIDER')
  @Get('getPatientRequestsForExternalProvider')
  async list(@CurrentUser() user: CurrentUserClaims) {
    const rows: Array<{
      id: string;
      custodian_id: string;
      custodian_name: string;
      patient_user_id: string;
      patient_first_name: string;
      patient_last_name: string;
      patient_dob: string;
      doc_req_types: DocRequestType[];
      status: string;
      created_at: Date;
    }> = await this.kit.ds.query(
      `SELECT d.*, d.patient_dob::text AS patient_dob FROM provider.data_requests d JOIN provider.staff s ON s.custodian_id = d.custodian_id AND s.user_id = $1 ORDER BY d.created_at DESC`,
      [user.sub],
    );
    return rows.map((r) => ({
      id: r.id,
      organization: { id: r.custodian_id, name: r.custodian_name },
      status: { name: r.status },
      created: r.created_at,
      document_request: r.doc_req_types.map((m) => ({ document_request_type: { mnemonic: m, name: DOC_REQUEST_TYPE_NAMES[m] ?? m } })),
      patients: [{ id: r.patient_user_id, first_name: r.patient_first_name, last_name: r.patient_last_name, patient_dob: r.patient_dob }],
      starred: false,
    }));
  }
}
