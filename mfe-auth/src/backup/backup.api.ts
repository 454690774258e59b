import { FHIR_ACCESS_API, MESSAGES, type BackupStatus } from '@portal/contracts';
import { apiPath } from '@portal/api';
import { api } from '../api';
import { saveBlob } from './save-blob';

/**
 * The API path of an export file's URL, for the base query (which adds /api and the patient's token):
 * the manifest may give it absolute. Only the portal's own API: the token must never go elsewhere.
 */
export const exportFilePath = (url: string): string | null => {
  let parsed: URL;
  try {
    parsed = new URL(url, window.location.origin);
  } catch {
    return null;
  }
  if (parsed.origin !== window.location.origin || !parsed.pathname.startsWith('/api/')) return null;
  return apiPath(parsed.pathname + parsed.search);
};

/** Download everything (issue 29): the last backup, starting one, and saving its NDJSON files. */
export const backupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBackup: build.query<BackupStatus, void>({
      query: () => apiPath(FHIR_ACCESS_API.backup),
      providesTags: ['Backup'],
    }),
    /** Everything ({full: true}), or the changes since the last completed backup. Answers 202 with the status. */
    startBackup: build.mutation<BackupStatus, { full: boolean }>({
      query: ({ full }) => ({
        url: apiPath(FHIR_ACCESS_API.startBackup),
        method: 'POST',
        body: full ? { full: true } : {},
      }),
      // The page shows (and polls) the new backup at once.
      async onQueryStarted(_args, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          void dispatch(backupApi.util.upsertQueryData('getBackup', undefined, data));
        } catch {
          // The screen shows the failure.
        }
      },
    }),
    /**
     * One NDJSON file, fetched with the patient's token (a bare link would send none) and saved under
     * `fileName`. The bytes never reach the store: it keeps only that the file was saved.
     */
    downloadBackupFile: build.mutation<null, { url: string; fileName: string }>({
      async queryFn({ url, fileName }, _api, _extra, baseQuery) {
        const path = exportFilePath(url);
        if (!path) return { error: { status: 0, message: MESSAGES.somethingWentWrong } };
        const answer = await baseQuery({ url: path, responseType: 'blob' });
        if (answer.error) return { error: answer.error };
        saveBlob(answer.data as Blob, fileName);
        return { data: null };
      },
    }),
  }),
});

export const { useGetBackupQuery, useStartBackupMutation, useDownloadBackupFileMutation } = backupApi;
