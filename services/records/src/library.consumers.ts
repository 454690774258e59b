import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';

/** Builds the library from other contexts' facts: requests submitted, studies stored. */
@Injectable()
export class LibraryConsumers implements OnModuleInit {
  constructor(@InjectContext('records') private readonly kit: ContextKit) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('library-requests', ['requests.patient-request-submitted'], async ({ payload: p }, tx) => {
      await tx.query(
        `INSERT INTO records.library_requests (id, user_id, person_id, custodian_id, custodian_name, status, doc_req_types, created_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
         ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, custodian_name = EXCLUDED.custodian_name`,
        [p.patientRequestId, p.userId, p.personId, p.custodianId, p.custodianName, p.status, p.docReqTypes, p.createdAt],
      );
    });
    await this.kit.events.consume('library-studies', ['imaging.study-stored'], async ({ payload: p }, tx) => {
      await tx.query(
        `INSERT INTO records.studies (id, user_id, patient_request_id, study_instance_uid, modality, study_description, study_date, total_instances)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8)
         ON CONFLICT (user_id, study_instance_uid) DO UPDATE SET total_instances = EXCLUDED.total_instances`,
        [randomUUID(), p.userId, p.patientRequestId, p.studyInstanceUid, p.modality, p.studyDescription, p.studyDate, p.numberOfInstances],
      );
    });
  }
}
