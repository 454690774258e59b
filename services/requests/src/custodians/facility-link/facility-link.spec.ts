import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { CustodianRepository } from '../custodian.repository';
import { GetFacilityLink } from './facility-link';

describe('GetFacilityLink', () => {
  const useCase = (found: boolean) =>
    new GetFacilityLink(
      fakeUseCaseKit().kit,
      { publicUrl: 'https://portal.example/' },
      stub<CustodianRepository>(
        { findById: jest.fn().mockResolvedValue(found ? { id: 'c1' } : null) },
        'custodians',
      ),
    );

  it('answers the consent link and the script tag on the public origin', async () => {
    await expect(useCase(true).execute('c1')).resolves.toEqual({
      url: 'https://portal.example/external-request/c1/consent',
      embedSnippet: '<script src="https://portal.example/embed.js" data-facility="c1"></script>',
    });
  });

  it('answers 404 for an unknown facility', async () => {
    await expect(useCase(false).execute('c2')).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
  });
});
