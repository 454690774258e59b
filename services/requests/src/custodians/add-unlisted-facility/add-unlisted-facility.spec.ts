import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../custodian.repository';
import { AddUnlistedFacility } from './add-unlisted-facility';

describe('AddUnlistedFacility', () => {
  const input = {
    name: 'Lakeside Imaging',
    address: '12 Shore Road, Lakeside',
    phone: '5551234567',
    email: 'records@lakeside.example',
  };

  it("stores the facility as the patient's own entry, audited, and answers it as the patient sees it", async () => {
    const fake = fakeUseCaseKit();
    const insertUnlisted = jest.fn();
    const findById = jest.fn().mockImplementation(async (_db, id: string) => ({ id, name: input.name }));
    const useCase = new AddUnlistedFacility(
      fake.kit,
      stub<CustodianRepository>({ insertUnlisted, findById }, 'custodians'),
    );
    const answer = await useCase.execute('u1', input, testCaller('u1'));
    expect(insertUnlisted).toHaveBeenCalledWith(expect.anything(), {
      id: answer.id,
      ownerUserId: 'u1',
      ...input,
    });
    expect(findById).toHaveBeenCalledWith(expect.anything(), answer.id, 'u1');
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'requests.unlisted-facility-added',
        resourceId: answer.id,
        subjectId: 'u1',
      }),
    ]);
  });
});
