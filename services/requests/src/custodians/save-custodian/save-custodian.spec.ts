import type { Custodian } from '@portal/contracts';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../custodian.repository';
import type { SearchCustodians } from '../search-custodians/search-custodians';
import { SaveCustodian } from './save-custodian';

describe('SaveCustodian', () => {
  it('stores the facility unless it exists, with an audit row of who saved it', async () => {
    const fake = fakeUseCaseKit();
    const insertIfMissing = jest.fn();
    const custodian = { id: 'c1', name: 'Lakeside Radiology' } as Omit<Custodian, 'aliases'>;
    const forget = jest.fn();
    await new SaveCustodian(
      fake.kit,
      stub<CustodianRepository>({ insertIfMissing }, 'custodians'),
      stub<SearchCustodians>({ forget }, 'search'),
    ).execute(custodian, testCaller('operator'));
    expect(insertIfMissing).toHaveBeenCalledWith(expect.anything(), custodian, undefined);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'requests.custodian-saved',
        resourceId: 'c1',
        caller: testCaller('operator'),
      }),
    ]);
    // The facility search answers from its cache; a changed facility must show in the next search.
    expect(forget).toHaveBeenCalled();
  });
});
