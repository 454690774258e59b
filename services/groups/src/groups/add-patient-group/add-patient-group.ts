import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { AddPatientGroupInput, Group } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { adminGroupOnly } from '../../groups.errors';
import { ActTrail } from '../../acts/act-trail';
import { GroupAccess } from '../group-access';
import { GroupRepository } from '../group.repository';

/**
 * POST groups/addPatientGroup (`/addPatientGroup`, admin of the admin group): a new patient group under
 * it; its admins administer the new group at once (decision 0027). Logged in the admin group.
 */
@Injectable()
export class AddPatientGroup {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly access: GroupAccess,
    private readonly groups: GroupRepository,
    private readonly trail: ActTrail,
  ) {}

  execute(
    userId: string,
    input: AddPatientGroupInput,
    caller: Caller,
    id: string = randomUUID(),
  ): Promise<Group> {
    return this.kit.transaction(async (tx) => {
      const { group: parent } = await this.access.admin(tx, userId, input.adminGroupId);
      if (parent.organization_type !== 'ADMIN_GROUP') throw adminGroupOnly();
      const added = await this.groups.insert(tx, {
        id,
        name: input.name,
        type: 'PATIENT_GROUP',
        parentId: parent.id,
        description: input.description,
        contactEmail: input.contactEmail,
        contactPhone: input.contactPhone,
      });
      // Only the seed names the id: seeded again, the group is there already and nothing happened.
      if (added)
        await this.trail.record(tx, caller, {
          groupId: parent.id,
          memberId: null,
          action: 'groups.patient-group-added',
          resourceType: 'group',
          resourceId: id,
          detail: { name: input.name },
        });
      return {
        id,
        name: input.name,
        organization_type: { mnemonic: 'PATIENT_GROUP' },
        patientCount: 0,
        parentId: parent.id,
        myRole: 'GROUP_ADMIN',
      };
    });
  }
}
