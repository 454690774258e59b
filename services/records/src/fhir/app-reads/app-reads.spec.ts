import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import { PATIENT } from '../test-fixtures';
import type { AppReadsRepository } from './app-reads.repository';
import { GetAppReads } from './app-reads';

describe('GetAppReads', () => {
  it("sums each app's reads by resource type with its last read, from the audit of FHIR reads", async () => {
    const fake = fakeUseCaseKit();
    const readsOf = jest.fn().mockResolvedValue([
      {
        authorization_id: 'a1',
        last_read_at: new Date('2026-03-01T10:00:00Z'),
        resource_type: 'ImagingStudy',
        count: 12,
      },
      {
        authorization_id: 'a1',
        last_read_at: new Date('2026-03-02T10:00:00Z'),
        resource_type: 'Patient',
        count: 2,
      },
      // An empty search still dates the read.
      { authorization_id: 'a2', last_read_at: new Date('2026-03-03T10:00:00Z'), resource_type: '', count: 0 },
    ]);
    const answer = await new GetAppReads(fake.kit, stub<AppReadsRepository>({ readsOf })).execute(PATIENT);
    expect(readsOf).toHaveBeenCalledWith(fake.kit.db, PATIENT, [
      'records.fhir-read',
      'records.fhir-searched',
      'records.fhir-everything',
      'records.fhir-exported',
    ]);
    expect(answer).toEqual([
      {
        authorizationId: 'a1',
        lastReadAt: '2026-03-02T10:00:00.000Z',
        reads: [
          { resourceType: 'ImagingStudy', count: 12 },
          { resourceType: 'Patient', count: 2 },
        ],
      },
      { authorizationId: 'a2', lastReadAt: '2026-03-03T10:00:00.000Z', reads: [] },
    ]);
  });
});
