import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { type ContextKit, demoId, demoUserId, InjectContext, seedDemoData } from '@portal/server-kit';

/** A patient group run by the demo coordinator, inside an admin group of the demo admin. */
@Injectable()
export class GroupsDemoSeed implements OnApplicationBootstrap {
  constructor(@InjectContext('groups') private readonly kit: ContextKit) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!seedDemoData()) return;
    const patients = demoId('group:patients');
    const admins = demoId('group:admins');
    await this.kit.ds.transaction(async (tx) => {
      await tx.query(`INSERT INTO groups.groups (id, name, organization_type) VALUES ($1,'Cardiology Patients','PATIENT_GROUP'), ($2,'Northgate Care Team','ADMIN_GROUP') ON CONFLICT DO NOTHING`, [patients, admins]);
      const members: Array<[string, string, string]> = [
        [patients, 'coordinator@example.com', 'MEDICAL_COORDINATOR'],
        [patients, 'multi@example.com', 'MEDICAL_COORDINATOR'],
        [patients, 'patient@example.com', 'PATIENT'],
        [patients, 'admin@example.com', 'GROUP_ADMIN'],
        [admins, 'admin@example.com', 'GROUP_ADMIN'],
      ];
      for (const [g, email, role] of members) {
        await tx.query(`INSERT INTO groups.members (group_id, user_id, member_role) VALUES ($1,$2,$3) ON CONFLICT DO NOTHING`, [g, demoUserId(email), role]);
      }
    });
  }
}
