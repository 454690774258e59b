import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { InstanceSearchRepository } from '../../instances/instance-search.repository';
import { readerOfStudy, USER } from '../shared/dicomweb.fixtures';
import { SearchDicom } from './search-dicom';

describe('SearchDicom', () => {
  const search = jest.fn(async () => []);
  const useCase = new SearchDicom(
    fakeUseCaseKit().kit,
    readerOfStudy(),
    stub<InstanceSearchRepository>({ search }, 'search'),
  );

  it("searches all of a user's studies, and a token's studies only", async () => {
    await useCase.execute(USER, 'studies', {}, {});
    expect(search).toHaveBeenLastCalledWith(
      expect.anything(),
      'studies',
      { owner: 'u1', studies: null },
      expect.anything(),
    );
    const token = {
      grant: { sub: 'link:l', owner: 'o1', studies: ['1.2.3'], purpose: 'view' as const },
      decision: { owner: 'o1', reason: { kind: 'link' as const, linkId: 'l' } },
    };
    await useCase.execute(token, 'series', {}, {});
    expect(search).toHaveBeenLastCalledWith(
      expect.anything(),
      'series',
      { owner: 'o1', studies: ['1.2.3'] },
      expect.anything(),
    );
  });

  it("searches within one study as its owner's, and answers 404 for a study the reader may not see", async () => {
    await useCase.execute(USER, 'instances', { study: '1.2.3', series: 's' }, {});
    expect(search).toHaveBeenLastCalledWith(
      expect.anything(),
      'instances',
      { owner: 'u1', studies: null, study: '1.2.3', series: 's' },
      expect.anything(),
    );
    await expect(useCase.execute(USER, 'series', { study: '9.9' }, {})).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
  });

  it('refuses a malformed query with a 400 before searching', async () => {
    search.mockClear();
    await expect(useCase.execute(USER, 'studies', {}, { limit: 'lots' })).rejects.toMatchObject({
      status: 400,
    });
    expect(search).not.toHaveBeenCalled();
  });
});
