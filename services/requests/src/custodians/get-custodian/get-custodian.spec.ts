import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { Custodian } from '@portal/contracts';
import type { CustodianRepository } from '../custodian.repository';
import { GetCustodian } from './get-custodian';

describe('GetCustodian', () => {
  const custodian = { id: 'c1', name: 'St. Mary Imaging Center' } as Custodian;
  const useCase = (found: Custodian | null) => new GetCustodian(fakeUseCaseKit().kit, stub<CustodianRepository>({ findById: jest.fn().mockResolvedValue(found) }, 'custodians'));

  it('answers the facility', async () => {
    await expect(useCase(custodian).execute('c1')).resolves.toBe(custodian);
  });

  it('answers 404 "Custodian not found" for an unknown id', async () => {
    await expect(useCase(null).execute('c2')).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND', message: 'Custodian not found' });
  });
});
