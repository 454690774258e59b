import type { Resource } from '@medplum/fhirtypes';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { FhirResources } from '../resources/fhir-resources';
import { anApp, PATIENT } from '../test-fixtures';
import { PatientEverything } from './patient-everything';

describe('PatientEverything', () => {
  const setup = (counts: Record<string, number>) => {
    const fake = fakeUseCaseKit();
    const count = jest.fn(
      async (_db: unknown, type: string, _patient: string, _criteria: unknown) => counts[type] ?? 0,
    );
    const search = jest.fn(async (_db, type: string, _p, _c, page: { offset: number; count: number }) => ({
      resources: Array.from(
        { length: page.count },
        (_, i) => ({ resourceType: type, id: `${type}-${page.offset + i}` }) as Resource,
      ),
      total: counts[type],
    }));
    const useCase = new PatientEverything(fake.kit, stub<FhirResources>({ count, search }, 'resources'), {
      publicUrl: 'http://portal.test',
    });
    return { fake, count, search, useCase };
  };

  it('pages over the types one after another, Patient first, and audits what each gave', async () => {
    const { fake, search, useCase } = setup({ Patient: 1, ImagingStudy: 3, DocumentReference: 2 });
    const bundle = await useCase.execute(anApp(), PATIENT, { _count: '3', _offset: '2' }, testCaller());
    expect(bundle.total).toBe(6);
    expect(bundle.entry!.map((e) => e.resource!.id)).toEqual([
      'ImagingStudy-1',
      'ImagingStudy-2',
      'DocumentReference-0',
    ]);
    expect(search).toHaveBeenCalledTimes(2);
    expect(bundle.link!.map((l) => l.relation)).toEqual(['self', 'next', 'previous']);
    expect(fake.audit[0]).toMatchObject({
      action: 'records.fhir-everything',
      detail: expect.objectContaining({ reads: { ImagingStudy: 2, DocumentReference: 1 } }),
    });
  });

  it('reads only the types the scopes let it search (and _type names), changed after _since', async () => {
    const { count, useCase } = setup({ ImagingStudy: 1 });
    await useCase.execute(
      anApp(['patient/ImagingStudy.rs', 'patient/Consent.r']),
      PATIENT,
      { _since: '2026-01-01' },
      testCaller(),
    );
    // The studies' Endpoint comes with them (how their images are fetched).
    expect(count.mock.calls.map((c) => c[1])).toEqual(['ImagingStudy', 'Endpoint']);
    expect(count.mock.calls[0][3]).toMatchObject({ since: new Date('2026-01-01T00:00:00Z') });
    count.mockClear();
    await useCase.execute(anApp(), PATIENT, { _type: 'Consent,Patient' }, testCaller());
    expect(count.mock.calls.map((c) => c[1])).toEqual(['Patient', 'Consent']);
  });

  it('answers 404 for any patient but the one in context, 403 when no type is in scope', async () => {
    const { count, useCase } = setup({});
    await expect(useCase.execute(anApp(), 'someone-else', {}, testCaller())).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    await expect(useCase.execute(anApp(['openid']), PATIENT, {}, testCaller())).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
    });
    await expect(useCase.execute(anApp(), PATIENT, { _type: 'Binary' }, testCaller())).rejects.toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
    });
    expect(count).not.toHaveBeenCalled();
  });
});
