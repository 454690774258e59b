import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DOC_REQUEST_TYPE_NAMES, type DocRequestType } from '@portal/contracts';
import { type ContextKit, CurrentUser, type CurrentUserClaims, InjectContext, RequestMeta, type RequestMetaValue, Roles } from '@portal/server-kit';

interface Row {
  id: string;
  custodian_id: string;
  custodian_name: string;
  status: string;
  doc_req_types: string[];
  created_at: Date;
  starred: boolean;
  studies: Array<{ id: string; modality: string; study_description: string; study_instance_uid: string; study_date: string | null; total_instances: number; created_at: string }> | null;
}


/** The patient request shape of the spec, with its approved study responses. */
export const toPatientRequest = (r: Row) => ({
  id: r.id,
  organization: { id: r.custodian_id, name: r.custodian_name },
  status: { name: r.status },
  created: r.created_at,
  starred: r.starred,
  document_request: r.doc_req_types.map((m) => ({ document_request_type: { mnemonic: m, name: DOC_REQUEST_TYPE_NAMES[m as DocRequestType] ?? m } })),
  approved_cfind_responses: (r.studies ?? []).map((s) => ({
    id: s.id,
    created: s.created_at,
    cfind_response: {
      id: s.id,
      modality: s.modality,
      study_description: s.study_description,
      study_instance_uid: s.study_instance_uid,
      study_date_time: s.study_date,
      total_instances: s.total_instances,
      created_at: s.created_at,
    },
  })),
});

@ApiTags('records')
@Controller('myRecords')
export class StudyDataController {
  constructor(@InjectContext('records') private readonly kit: ContextKit) {}

  /** GET /api/myRecords/studyData: the caller's requests with their approved responses (the shell's Sharing menu test). */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @Get('studyData')
  async studyData(@CurrentUser() user: CurrentUserClaims, @RequestMeta() meta: RequestMetaValue) {
    const rows: Row[] = await this.kit.ds.query(
      `SELECT r.*, (SELECT json_agg(s ORDER BY s.study_date DESC) FROM records.studies s WHERE s.patient_request_id = r.id AND s.user_id = r.user_id) AS studies
       FROM records.library_requests r WHERE r.user_id = $1 ORDER BY r.created_at DESC`,
      [user.sub],
    );
    await this.kit.audit.record(this.kit.ds, { actorId: user.sub, action: 'records.read', resourceType: 'library', subjectId: user.sub, ip: meta.ip, requestId: meta.requestId });
    return rows.map(toPatientRequest);
  }
}
