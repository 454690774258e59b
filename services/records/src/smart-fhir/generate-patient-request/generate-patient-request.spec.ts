import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { SmartFhirRepository } from '../smart-fhir.repository';
import type { SmartFhirSources } from '../smart-fhir-sources';
import { aFoundStudyRow, aHolder, aSource } from '../test-fixtures';
import { GeneratePatientRequest } from './generate-patient-request';

const sources = (list = [aSource()]) =>
  stub<SmartFhirSources>({ byId: (id: string) => list.find((s) => s.id === id) }, 'sources');

describe('GeneratePatientRequest', () => {
  const repository = (over: Partial<SmartFhirRepository> = {}) =>
    stub<SmartFhirRepository>(
      {
        lockOwnStudy: jest.fn().mockResolvedValue(aFoundStudyRow()),
        holder: jest.fn().mockResolvedValue(aHolder()),
        patientAt: jest.fn().mockResolvedValue({
          mrn: 'LR-1',
          firstName: 'Pat',
          lastName: 'Jordan',
          dateOfBirth: '1984-03-12',
        }),
        setRequest: jest.fn(),
        ...over,
      },
      'repository',
    );

  it("announces a movable study's request as 'Pending study move', marks the row and audits it, in one transaction", async () => {
    const fake = fakeUseCaseKit();
    const repo = repository();
    const answer = await new GeneratePatientRequest(fake.kit, repo, sources()).execute(
      'u1',
      'row-1',
      testCaller('u1'),
    );
    expect(answer.status).toBe('Pending study move');
    expect(repo.setRequest).toHaveBeenCalledWith(fake.tx, 'row-1', answer.patientRequestId);
    expect(fake.events).toEqual([
      {
        type: 'records.smart-fhir-study-requested',
        payload: expect.objectContaining({
          patientRequestId: answer.patientRequestId,
          userId: 'u1',
          personId: 'p1',
          mrn: 'LR-1',
          study: expect.objectContaining({ studyInstanceUid: '2.25.1234', accessionNumber: 'A1001' }),
          move: { sourceId: 'lakeside-ehr', wadoRoot: 'http://127.0.0.1:9000/dicom-web' },
        }),
      },
    ]);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'records.smart-fhir-request-generated',
        resourceId: answer.patientRequestId,
      }),
    ]);
  });

  it("sends a study the source cannot deliver (no WADO-RS, or a source no longer configured) to the facility as 'New'", async () => {
    for (const [row, list] of [
      [aFoundStudyRow({ wado_root: null }), [aSource()]],
      [aFoundStudyRow(), []],
    ] as const) {
      const fake = fakeUseCaseKit();
      const answer = await new GeneratePatientRequest(
        fake.kit,
        repository({ lockOwnStudy: jest.fn().mockResolvedValue(row) }),
        sources([...list]),
      ).execute('u1', 'row-1', testCaller('u1'));
      expect(answer.status).toBe('New');
      expect((fake.events[0].payload as { move: unknown }).move).toBeNull();
    }
  });

  it('answers the request made already on a second click, and announces nothing', async () => {
    const fake = fakeUseCaseKit();
    const answer = await new GeneratePatientRequest(
      fake.kit,
      repository({
        lockOwnStudy: jest.fn().mockResolvedValue(aFoundStudyRow({ patient_request_id: 'pr-1' })),
        requestStatus: jest.fn().mockResolvedValue('Completed'),
      }),
      sources(),
    ).execute('u1', 'row-1', testCaller('u1'));
    expect(answer).toEqual({ patientRequestId: 'pr-1', status: 'Completed' });
    expect(fake.events).toEqual([]);
  });

  it("is 404 for someone else's row, and 400 while the holder has no name or birth date", async () => {
    const fake = fakeUseCaseKit();
    await expect(
      new GeneratePatientRequest(
        fake.kit,
        repository({ lockOwnStudy: jest.fn().mockResolvedValue(null) }),
        sources(),
      ).execute('u2', 'row-1', testCaller('u2')),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      new GeneratePatientRequest(
        fake.kit,
        repository({ holder: jest.fn().mockResolvedValue(aHolder({ dateOfBirth: null })) }),
        sources(),
      ).execute('u1', 'row-1', testCaller('u1')),
    ).rejects.toMatchObject({ status: 400 });
    expect(fake.events).toEqual([]);
  });
});
