import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../custodian.repository';
import { CUSTODIAN_SEARCH_LIMIT, SearchCustodians } from './search-custodians';

describe('SearchCustodians', () => {
  const setup = () => {
    const { kit } = fakeUseCaseKit();
    const search = jest.fn().mockResolvedValue([]);
    return {
      search,
      useCase: new SearchCustodians(kit, stub<CustodianRepository>({ search }, 'custodians')),
    };
  };

  it('searches the trimmed text, at most 100 characters, with the postcode and address when given', async () => {
    const { search, useCase } = setup();
    await useCase.execute(`  ${'x'.repeat(150)}  `, ' 02110 ', ' Harbor ');
    expect(search).toHaveBeenCalledWith(
      expect.anything(),
      'x'.repeat(100),
      '02110',
      CUSTODIAN_SEARCH_LIMIT,
      'Harbor',
    );
  });

  it('without text, postcode or address asks for the first facilities by name', async () => {
    const { search, useCase } = setup();
    await useCase.execute(undefined, '   ');
    expect(search).toHaveBeenCalledWith(expect.anything(), '', null, CUSTODIAN_SEARCH_LIMIT, null);
  });

  it('answers a repeated text from its cache, however it was typed, until a facility changes', async () => {
    const { search, useCase } = setup();
    await useCase.execute('Boston  Imaging');
    await useCase.execute('boston imaging');
    expect(search).toHaveBeenCalledTimes(1);
    await useCase.execute('boston imaging', '021');
    expect(search).toHaveBeenCalledTimes(2);
    useCase.forget();
    await useCase.execute('boston imaging');
    expect(search).toHaveBeenCalledTimes(3);
  });

  it('shares one query between concurrent searches of the same text', async () => {
    const { search, useCase } = setup();
    await Promise.all([
      useCase.execute('lakeside'),
      useCase.execute('Lakeside'),
      useCase.execute('LAKESIDE'),
    ]);
    expect(search).toHaveBeenCalledTimes(1);
  });
});
