import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../custodian.repository';
import { CUSTODIAN_SEARCH_LIMIT, SearchCustodians } from './search-custodians';

describe('SearchCustodians', () => {
  const setup = () => {
    const { kit } = fakeUseCaseKit();
    const search = jest.fn().mockResolvedValue([]);
    return { search, useCase: new SearchCustodians(kit, stub<CustodianRepository>({ search }, 'custodians')) };
  };

  it('searches the trimmed text, at most 100 characters, with the postcode when one is given', async () => {
    const { search, useCase } = setup();
    await useCase.execute(`  ${'x'.repeat(150)}  `, ' 02110 ');
    expect(search).toHaveBeenCalledWith(expect.anything(), 'x'.repeat(100), '02110', CUSTODIAN_SEARCH_LIMIT);
  });

  it('without text or postcode asks for the first facilities by name', async () => {
    const { search, useCase } = setup();
    await useCase.execute(undefined, '   ');
    expect(search).toHaveBeenCalledWith(expect.anything(), '', null, CUSTODIAN_SEARCH_LIMIT);
  });
});
