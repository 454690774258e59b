import type { BackupStatus } from '@portal/contracts';
import { FHIR_API } from '@portal/contracts';
import type { ExportJobRow } from '../bulk-export/export.repository';

/** A "Download everything" export as Settings shows it; its files are fetched with the patient's own token. */
export const backupStatusOf = (
  job: ExportJobRow | null,
  images: BackupStatus['images'] = [],
): BackupStatus => {
  if (!job)
    return {
      state: 'none',
      startedAt: null,
      completedAt: null,
      since: null,
      files: [],
      images: [],
      error: null,
    };
  const failed = job.status === 'failed' || job.stalled;
  const state = failed ? 'failed' : job.status === 'in-progress' ? 'in-progress' : 'completed';
  return {
    state,
    startedAt: job.transaction_time.toISOString(),
    completedAt: job.completed_at?.toISOString() ?? null,
    since: job.since?.toISOString() ?? null,
    // Past their keeping time the files are gone: the backup stays listed, without them.
    files:
      state === 'completed' && !job.expired && job.status === 'completed'
        ? job.output.map((f) => ({ type: f.type, url: FHIR_API.exportFile(job.id, f.file), count: f.count }))
        : [],
    images: state === 'completed' ? images : [],
    error: failed ? (job.error ?? 'The backup stopped before it finished; start it again') : null,
  };
};
