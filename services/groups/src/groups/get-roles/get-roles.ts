import { Injectable } from '@nestjs/common';
import { GROUP_PERMISSION_TEXT, GROUP_PERMISSIONS, type GroupRoles } from '@portal/contracts';

/** The roles a member may be added with, and every permission in words (the same for everyone). */
export const GROUP_ROLES: GroupRoles = {
  roles: [
    { mnemonic: 'PATIENT', name: 'Patient' },
    { mnemonic: 'MEDICAL_COORDINATOR', name: 'Medical coordinator' },
  ],
  permissions: GROUP_PERMISSIONS.map((p) => ({ mnemonic: p, ...GROUP_PERMISSION_TEXT[p] })),
};

/** GET groups/getRoles: the add-member form's roles and the permissions there are. */
@Injectable()
export class GetRoles {
  execute(): GroupRoles {
    return GROUP_ROLES;
  }
}
