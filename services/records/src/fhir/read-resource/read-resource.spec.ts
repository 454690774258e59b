import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { FhirResources } from '../resources/fhir-resources';
import { anApp, PATIENT, STUDY } from '../test-fixtures';
import { ReadResource } from './read-resource';

describe('ReadResource', () => {
  const setup = (found: boolean) => {
    const fake = fakeUseCaseKit();
    const read = jest.fn().mockResolvedValue(found ? { resourceType: 'ImagingStudy', id: STUDY } : null);
    return { fake, read, useCase: new ReadResource(fake.kit, stub<FhirResources>({ read }, 'resources')) };
  };

  it("reads the context patient's resource and audits it with the app and what it was given", async () => {
    const { fake, read, useCase } = setup(true);
    await expect(useCase.execute(anApp(), 'ImagingStudy', STUDY, testCaller(null))).resolves.toMatchObject({
      id: STUDY,
    });
    expect(read).toHaveBeenCalledWith(fake.kit.db, 'ImagingStudy', PATIENT, STUDY);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'records.fhir-read',
        resourceId: `ImagingStudy/${STUDY}`,
        subjectId: PATIENT,
        caller: expect.objectContaining({ userId: PATIENT, ip: '203.0.113.7' }),
        detail: { clientId: 'app-1', authorizationId: 'auth-1', reads: { ImagingStudy: 1 } },
      }),
    ]);
  });

  it("answers 404 for a missing or another patient's resource, auditing nothing", async () => {
    const { fake, useCase } = setup(false);
    await expect(useCase.execute(anApp(), 'ImagingStudy', STUDY, testCaller())).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(fake.audit).toEqual([]);
  });

  it('refuses a type the scopes do not allow reading (403) and an unknown type (404), before any read', async () => {
    const { read, useCase } = setup(true);
    await expect(
      useCase.execute(anApp(['patient/ImagingStudy.rs']), 'Patient', PATIENT, testCaller()),
    ).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
    await expect(
      useCase.execute(anApp(['patient/Patient.s']), 'Patient', PATIENT, testCaller()),
    ).rejects.toMatchObject({
      code: 'AUTH.FORBIDDEN',
    });
    await expect(useCase.execute(anApp(), 'Observation', 'x', testCaller())).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(read).not.toHaveBeenCalled();
  });
});
