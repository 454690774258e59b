import { Injectable } from '@nestjs/common';
import { AccessPolicy, SharedAccessProjection } from '@portal/server-kit';

/**
 * Sharing's side of the one access policy (server-kit `AccessPolicy`): a study is held by the accounts
 * sharing's library knows it for (sharing.library_studies); the grants are sharing's own people and
 * grants, kept in the same tables records and imaging keep, written in the transaction of each change
 * (AccessSnapshots), so sharing answers from exactly the rule they answer from.
 */
@Injectable()
export class SharingAccess {
  readonly policy = new AccessPolicy(new SharedAccessProjection('sharing'), {
    holders: async (db, key) => {
      if (!key.studyUid || !key.patientRequestId) return [];
      const rows: Array<{ owner_user_id: string }> = await db.query(
        `SELECT DISTINCT owner_user_id FROM sharing.library_studies WHERE study_instance_uid = $1 AND patient_request_id::text = $2 ORDER BY owner_user_id`,
        [key.studyUid, key.patientRequestId],
      );
      return rows.map((r) => r.owner_user_id);
    },
  });
}
