import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../custodian.repository';
import { CheckEmbedOrigin, normalizeOrigin } from './embed-origin';

describe('CheckEmbedOrigin', () => {
  const setup = (ids: string[]) => {
    const custodiansAllowingOrigin = jest.fn().mockResolvedValue(ids);
    return {
      custodiansAllowingOrigin,
      useCase: new CheckEmbedOrigin(
        fakeUseCaseKit().kit,
        stub<CustodianRepository>({ custodiansAllowingOrigin }, 'custodians'),
      ),
    };
  };

  it('looks the normalized origin up and answers the facilities that allow it', async () => {
    const { custodiansAllowingOrigin, useCase } = setup(['c1']);
    await expect(useCase.execute('HTTP://LocalHost:8190/')).resolves.toEqual({
      allowed: true,
      custodianIds: ['c1'],
    });
    expect(custodiansAllowingOrigin).toHaveBeenCalledWith(expect.anything(), 'http://localhost:8190');
  });

  it('answers not allowed for an unknown origin and for text that is no origin, without asking the database', async () => {
    await expect(setup([]).useCase.execute('https://evil.example')).resolves.toEqual({
      allowed: false,
      custodianIds: [],
    });
    const { custodiansAllowingOrigin, useCase } = setup(['c1']);
    await expect(useCase.execute('javascript:alert(1)')).resolves.toEqual({
      allowed: false,
      custodianIds: [],
    });
    expect(custodiansAllowingOrigin).not.toHaveBeenCalled();
    expect(normalizeOrigin('not a url')).toBeNull();
  });
});
