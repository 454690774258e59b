import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import { aGroup, staffOf } from '../../groups.fixtures';
import type { ActTrail } from '../../acts/act-trail';
import type { GroupAccess } from '../group-access';
import type { GroupRepository } from '../group.repository';
import { AddPatientGroup } from './add-patient-group';

const input = {
  adminGroupId: 'a1',
  name: 'Oncology Patients',
  description: '',
  contactEmail: '',
  contactPhone: '',
};

describe('AddPatientGroup', () => {
  const setup = (
    group = aGroup({ id: 'a1', organization_type: 'ADMIN_GROUP', parent_id: null }),
    inserted = true,
  ) => {
    const insert = jest.fn(async () => inserted);
    const record = jest.fn();
    const useCase = new AddPatientGroup(
      fakeUseCaseKit().kit,
      stub<GroupAccess>({ admin: jest.fn(async () => staffOf('GROUP_ADMIN', { group })) }, 'access'),
      stub<GroupRepository>({ insert }, 'groups'),
      stub<ActTrail>({ record }, 'trail'),
    );
    return { insert, record, useCase };
  };

  it('makes a patient group under the admin group, logged there', async () => {
    const { insert, record, useCase } = setup();
    const group = await useCase.execute('a1', input, testCaller('a1'), 'g2');
    expect(insert).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ id: 'g2', type: 'PATIENT_GROUP', parentId: 'a1', name: 'Oncology Patients' }),
    );
    expect(record).toHaveBeenCalledWith(
      expect.anything(),
      expect.anything(),
      expect.objectContaining({ groupId: 'a1', action: 'groups.patient-group-added', resourceId: 'g2' }),
    );
    expect(group).toEqual({
      id: 'g2',
      name: 'Oncology Patients',
      organization_type: { mnemonic: 'PATIENT_GROUP' },
      patientCount: 0,
      parentId: 'a1',
      myRole: 'GROUP_ADMIN',
    });
  });

  it('seeded again (the id is there already): nothing is logged', async () => {
    const { record, useCase } = setup(undefined, false);
    await useCase.execute('a1', input, testCaller('a1'), 'g2');
    expect(record).not.toHaveBeenCalled();
  });

  it('refuses a patient group as the parent', async () => {
    const { insert, useCase } = setup(aGroup());
    await expect(useCase.execute('a1', input, testCaller('a1'))).rejects.toMatchObject({
      message: 'Patient groups are added to an admin group',
    });
    expect(insert).not.toHaveBeenCalled();
  });
});
