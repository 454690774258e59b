import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';

/** All SQL on the shares sent to imaging facilities (each with the public link it mailed). */
@Injectable()
export class FacilityShareRepository {
  async insert(
    db: Queryable,
    s: {
      ownerUserId: string;
      patientRequestId: string;
      studyUid: string;
      custodianId: string;
      custodianName: string;
      alias: string | null;
      email: string;
      note: string;
      linkId: string;
    },
  ): Promise<void> {
    await db.query(
      `INSERT INTO sharing.facility_shares (id, owner_user_id, patient_request_id, study_instance_uid, custodian_id, custodian_name, alias, email, note, link_id)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
      [
        randomUUID(),
        s.ownerUserId,
        s.patientRequestId,
        s.studyUid,
        s.custodianId,
        s.custodianName,
        s.alias,
        s.email,
        s.note,
        s.linkId,
      ],
    );
  }
}
