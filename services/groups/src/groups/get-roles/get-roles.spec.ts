import { GROUP_PERMISSIONS } from '@portal/contracts';
import { GetRoles } from './get-roles';

describe('GetRoles', () => {
  it('answers the roles a member is added with and every permission in words', () => {
    const roles = new GetRoles().execute();
    expect(roles.roles.map((r) => r.mnemonic)).toEqual(['PATIENT', 'MEDICAL_COORDINATOR']);
    expect(roles.permissions.map((p) => p.mnemonic)).toEqual([...GROUP_PERMISSIONS]);
    expect(roles.permissions[0]).toEqual({
      mnemonic: 'VIEW_RECORDS',
      name: 'View records',
      description: expect.any(String),
    });
  });
});
