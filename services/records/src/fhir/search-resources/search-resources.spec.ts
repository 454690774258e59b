import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { FhirResources } from '../resources/fhir-resources';
import { anApp, PATIENT, STUDY } from '../test-fixtures';
import { SearchResources } from './search-resources';

describe('SearchResources', () => {
  const setup = () => {
    const fake = fakeUseCaseKit();
    const search = jest
      .fn()
      .mockResolvedValue({ resources: [{ resourceType: 'ImagingStudy', id: STUDY }], total: 7 });
    const useCase = new SearchResources(fake.kit, stub<FhirResources>({ search }, 'resources'), {
      publicUrl: 'http://portal.test/',
    });
    return { fake, search, useCase };
  };

  it("answers a page of the context patient's resources as a searchset with links, audited", async () => {
    const { fake, search, useCase } = setup();
    const bundle = await useCase.execute(
      anApp(),
      'ImagingStudy',
      { modality: 'MR', _count: '1', _offset: '2' },
      testCaller(),
    );
    expect(search).toHaveBeenCalledWith(
      fake.kit.db,
      'ImagingStudy',
      PATIENT,
      expect.objectContaining({ modality: ['MR'] }),
      { count: 1, offset: 2 },
    );
    expect(bundle).toMatchObject({ type: 'searchset', total: 7 });
    expect(bundle.entry![0].fullUrl).toBe(`http://portal.test/api/fhir/ImagingStudy/${STUDY}`);
    expect(bundle.link!.find((l) => l.relation === 'next')!.url).toBe(
      'http://portal.test/api/fhir/ImagingStudy?modality=MR&_count=1&_offset=3',
    );
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'records.fhir-searched',
        detail: expect.objectContaining({ reads: { ImagingStudy: 1 }, total: 7, parameters: ['modality'] }),
      }),
    ]);
  });

  it('needs scope s on the type; Binary is not searchable; an unknown type is 404', async () => {
    const { search, useCase } = setup();
    await expect(
      useCase.execute(anApp(['patient/ImagingStudy.r']), 'ImagingStudy', {}, testCaller()),
    ).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
    });
    await expect(useCase.execute(anApp(), 'Binary', {}, testCaller())).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
    });
    await expect(useCase.execute(anApp(), 'Observation', {}, testCaller())).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(search).not.toHaveBeenCalled();
  });
});
