import { Controller, Get, Injectable, type OnModuleInit } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, Roles } from '@portal/server-kit';

/** Fills the inbox from the requests context's events. */
@Injectable()
export class DataRequestConsumer implements OnModuleInit {
  constructor(@InjectContext('provider') private readonly kit: ContextKit) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('inbox', ['requests.patient-request-submitted'], async ({ payload: p }, tx) => {
      await tx.query(
        `INSERT INTO provider.data_requests (id, custodian_id, custodian_name, patient_user_id, doc_req_types, status, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status`,
        [p.patientRequestId, p.custodianId, p.custodianName, p.userId, p.docReqTypes, p.status, p.createdAt],
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
    const rows: Array<{ id: string; custodian_id: string; custodian_name: string; doc_req_types: string[]; status: string; created_at: Date }> = await this.kit.ds.query(
      `SELECT d.* FROM provider.data_requests d JOIN provider.staff s ON s.custodian_id = d.custodian_id AND s.user_id = $1 ORDER BY d.created_at DESC`,
      [user.sub],
    );
    return rows.map((r) => ({
      id: r.id,
      organization: { id: r.custodian_id, name: r.custodian_name },
      status: { name: r.status },
      created: r.created_at,
      document_request: r.doc_req_types.map((m) => ({ document_request_type: { mnemonic: m } })),
      patients: [] as unknown[],
      starred: false,
    }));
  }
}
