import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { BulkExports } from '../bulk-export/bulk-exports';
import type { ExportRepository } from '../bulk-export/export.repository';
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
    const fake = fakeUseCaseKit();
    await expect(
      new GetBackup(fake.kit, stub<ExportRepository>({ latest: jest.fn().mockResolvedValue(null) })).execute(
        PATIENT,
      ),
    ).resolves.toMatchObject({ state: 'none' });
  });
});
