import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { BulkExports } from '../bulk-export/bulk-exports';
import type { ViewerTokens } from '@portal/server-kit';
import type { ExportRepository } from '../bulk-export/export.repository';
import type { LibraryRepository } from '../../library/library.repository';
import { anExportJob, AT, EXPORT, PATIENT } from '../test-fixtures';
import { backupStatusOf } from './backup-status';
import { GetBackup } from './get-backup';
import { StartBackup } from './start-backup';

describe('Download everything (backup)', () => {
  const last = anExportJob({ kind: 'backup', status: 'completed', transaction_time: AT });
  const setup = () => {
    const fake = fakeUseCaseKit();
    const latest = jest.fn().mockResolvedValue(last);
    const begin = jest.fn(async (_fhir, e) => anExportJob({ kind: 'backup', since: e.since ?? null }));
    const useCase = new StartBackup(
      fake.kit,
      stub<ExportRepository>({ latest }),
      stub<BulkExports>({ begin }),
    );
    return { latest, begin, useCase };
  };

  it('exports everything changed since the start of the last completed backup, as the patient themself', async () => {
    const { latest, begin, useCase } = setup();
    const status = await useCase.execute(PATIENT, false, testCaller(PATIENT));
    expect(latest).toHaveBeenCalledWith(expect.anything(), PATIENT, 'backup', true);
    expect(begin).toHaveBeenCalledWith(
      {
        userId: PATIENT,
        patientId: PATIENT,
        scopes: ['patient/*.rs'],
        clientId: null,
        authorizationId: null,
      },
      expect.objectContaining({
        kind: 'backup',
        since: AT,
        types: expect.arrayContaining(['Patient', 'ImagingStudy', 'AuditEvent']),
      }),
      expect.anything(),
      true,
    );
    expect(status).toMatchObject({ state: 'in-progress', since: AT.toISOString(), files: [] });
  });

  it('exports all of it when asked for a full backup', async () => {
    const { latest, begin, useCase } = setup();
    await useCase.execute(PATIENT, true, testCaller(PATIENT));
    expect(latest).not.toHaveBeenCalled();
    expect(begin.mock.calls[0][1].since).toBeUndefined();
  });

  it('shows none, a completed backup with its files, a failed or stopped one with why', async () => {
    expect(backupStatusOf(null)).toEqual({
      state: 'none',
      startedAt: null,
      completedAt: null,
      since: null,
      files: [],
      images: [],
      error: null,
    });
    const done = backupStatusOf(
      anExportJob({
        kind: 'backup',
        status: 'completed',
        completed_at: AT,
        output: [{ type: 'Patient', file: 'Patient.ndjson', count: 1 }],
      }),
    );
    expect(done).toMatchObject({
      state: 'completed',
      completedAt: AT.toISOString(),
      files: [{ type: 'Patient', url: `/api/fhir/$export-files/${EXPORT}/Patient.ndjson`, count: 1 }],
    });
    expect(backupStatusOf(anExportJob({ stalled: true }))).toMatchObject({
      state: 'failed',
      error: expect.any(String),
    });
  });

  it('offers the images of a completed backup as zips of the own studies (those since an incremental one began), 50 a zip', async () => {
    const fake = fakeUseCaseKit();
    const uids = Array.from({ length: 51 }, (_, i) => `1.2.${i}`);
    const ownStudyUids = jest.fn().mockResolvedValue(uids);
    const sign = jest.fn(async (grant: { studies: string[] }) => `token-${grant.studies.length}`);
    const getBackup = (job: unknown) =>
      new GetBackup(
        fake.kit,
        stub<ExportRepository>({ latest: jest.fn().mockResolvedValue(job) }),
        stub<LibraryRepository>({ ownStudyUids }),
        stub<ViewerTokens>({ sign }),
      ).execute(PATIENT);
    await expect(getBackup(null)).resolves.toMatchObject({ state: 'none', images: [] });
    const since = new Date('2026-01-01T00:00:00Z');
    const done = await getBackup(
      anExportJob({ kind: 'backup', status: 'completed', completed_at: AT, since }),
    );
    expect(ownStudyUids).toHaveBeenCalledWith(fake.kit.db, PATIENT, since);
    expect(done.images).toEqual([
      { url: '/api/imaging/archive/token-50', studies: 50 },
      { url: '/api/imaging/archive/token-1', studies: 1 },
    ]);
    expect(sign).toHaveBeenCalledWith(
      { sub: PATIENT, owner: PATIENT, studies: uids.slice(0, 50), purpose: 'download' },
      600,
    );
    // Still running: no images offered yet.
    await expect(getBackup(anExportJob({ kind: 'backup', status: 'in-progress' }))).resolves.toMatchObject({
      images: [],
    });
  });
});
