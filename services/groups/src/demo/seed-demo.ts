import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { CONFIG, demoId, demoUserId, type PortalConfig, SYSTEM_CALLER } from '@portal/server-kit';
import { SaveGroup } from '../groups/save-group/save-group';

/** A patient group run by the demo coordinator, inside an admin group of the demo admin. */
@Injectable()
export class GroupsDemoSeed implements OnApplicationBootstrap {
  constructor(
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'seedDemo'>,
    private readonly saveGroup: SaveGroup,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    await this.saveGroup.execute(
      {
        id: demoId('group:patients'),
        name: 'Cardiology Patients',
        type: 'PATIENT_GROUP',
        members: [
          { userId: demoUserId('coordinator@example.com'), role: 'MEDICAL_COORDINATOR' },
          { userId: demoUserId('multi@example.com'), role: 'MEDICAL_COORDINATOR' },
          { userId: demoUserId('patient@example.com'), role: 'PATIENT' },
          { userId: demoUserId('admin@example.com'), role: 'GROUP_ADMIN' },
        ],
      },
      SYSTEM_CALLER,
    );
    await this.saveGroup.execute(
      {
        id: demoId('group:admins'),
        name: 'Northgate Care Team',
        type: 'ADMIN_GROUP',
        members: [{ userId: demoUserId('admin@example.com'), role: 'GROUP_ADMIN' }],
      },
      SYSTEM_CALLER,
    );
  }
}
