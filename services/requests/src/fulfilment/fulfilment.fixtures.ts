import type { DocumentRequestRejection, RequestTimelineEntry, TimelineEvent } from '@portal/contracts';
import { stub } from '@portal/server-kit/testing';
import type {
  PatientRequestRepository,
  RequestForChange,
  StoredDocumentRequest,
  StoredPatientRequest,
} from '../patient-requests/patient-request.repository';

/**
 * One patient request kept in memory behind the repository methods the fulfilment use cases touch,
 * so their specs read as the request's life (any other repository method fails the spec).
 */
export const requestInMemory = (over: { status?: string; types?: string[] } = {}) => {
  const state = {
    request: {
      id: 'r1',
      user_id: 'u1',
      status: over.status ?? 'New',
      custodian_id: 'c1',
    } as RequestForChange,
    documentRequests: (over.types ?? ['IMAGES', 'REPORTS']).map((type, i): StoredDocumentRequest => ({
      id: `d${i + 1}`,
      type,
      rejection: null,
    })),
    timeline: [{ event: 'SUBMITTED', at: '2026-01-01T00:00:00.000Z' }] as RequestTimelineEntry[],
    /** Issue 30: the version of the last fee event applied. */
    feeVersion: 0,
  };
  const repo = stub<PatientRequestRepository>(
    {
      lockForChange: async (_tx, id) => (id === state.request.id ? { ...state.request } : null),
      setStatus: async (_tx, _id, status) => {
        state.request.status = status;
      },
      advanceFeeVersion: async (_tx, id, version) => {
        if (id !== state.request.id || version <= state.feeVersion) return false;
        state.feeVersion = version;
        return true;
      },
      documentRequests: async () => state.documentRequests.map((d) => ({ ...d })),
      setRejection: async (_tx, _id, documentRequestId, rejection: DocumentRequestRejection | null) => {
        const d = state.documentRequests.find((x) => x.id === documentRequestId);
        if (d) d.rejection = rejection;
        return !!d;
      },
      addTimelineEntry: async (_tx, _id, entry) => {
        state.timeline.push({ ...entry });
      },
      lastTimelineEvent: async (_tx, _id, among: readonly TimelineEvent[]) => {
        const hits = state.timeline.filter((e) => among.includes(e.event));
        const last = hits.sort((a, b) => Date.parse(a.at) - Date.parse(b.at)).at(-1);
        return last ? { event: last.event, at: last.at } : null;
      },
      findOwned: async () =>
        ({
          custodian_name: 'St. Mary Imaging Center',
          created_at: new Date('2026-01-01T00:00:00Z'),
        }) as StoredPatientRequest,
    },
    'requests',
  );
  return { state, repo };
};
