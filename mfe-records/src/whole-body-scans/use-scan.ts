import { useCallback, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { skipToken } from '@reduxjs/toolkit/query';
import { MESSAGES, type ConsultationInput, type PdfReport } from '@portal/contracts';
import { apiUrl, queryError, useObjectUrl } from '@portal/api';
import { toast } from '@portal/ui';
import { downloadUrl, openPendingWindow } from '../report/open-window';
import type { KeyImageState } from './components/KeyImageViewer';
import { findFinding, flattenFindings } from './scan-view';
import {
  useGetFindingDocumentQuery,
  useGetVideoReportQuery,
  useGetVideoReportsQuery,
  useLazyGetFindingDocumentQuery,
  useRequestConsultationMutation,
  useGetWholeBodyScanQuery,
} from './whole-body-scans.api';

/** The scan of the page: `/whole-body-scan/:scanId[/details]`, or `?id=` on the older `/simonOne/details`. */
export const useScanId = (): string => {
  const { scanId } = useParams();
  const [search] = useSearchParams();
  return scanId ?? search.get('id') ?? '';
};

/**
 * The scan and the selected finding. The selection lives in `?finding=`, so the report and the
 * details screens open on the same finding; without one, the first finding is selected.
 */
export const useScanWithSelection = () => {
  const scanId = useScanId();
  const scan = useGetWholeBodyScanQuery(scanId || skipToken);
  const [search, setSearch] = useSearchParams();
  const findings = useMemo(() => scan.data?.findings ?? [], [scan.data]);
  const wanted = search.get('finding');
  const selected = findFinding(findings, wanted) ?? findings[0] ?? null;
  const select = useCallback(
    (findingId: string) => {
      const next = new URLSearchParams(search);
      next.set('finding', findingId);
      setSearch(next, { replace: true });
    },
    [search, setSearch],
  );
  const all = useMemo(() => flattenFindings(findings), [findings]);
  return { scanId, scan, selected, select, all };
};

/** Sends a consultation request: the spec's success and failure toasts (records spec §8). */
export const useConsultation = () => {
  const [request, state] = useRequestConsultationMutation();
  const submit = useCallback(
    async (input: ConsultationInput): Promise<boolean> => {
      try {
        await request(input).unwrap();
        toast.success(MESSAGES.consultationSubmitted, 'wbs-consultation');
        return true;
      } catch {
        toast.error(MESSAGES.consultationFailed, 'wbs-consultation');
        return false;
      }
    },
    [request],
  );
  return { submit, submitting: state.isLoading };
};

/** Saves a file from a URL under its name (an anchor with `download`; the server answers it inline otherwise). */
const saveAs = (url: string, fileName: string) => {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
};

/** View (a new tab) and Download of a finding's PDF report, each with a fresh download identifier. */
export const usePdfActions = (scanId: string, findingId: string) => {
  const [identify] = useLazyGetFindingDocumentQuery();
  const identifier = (report: PdfReport) =>
    identify({ scanId, findingId, docId: report.id }, false)
      .unwrap()
      .then((a) => a.identifier);
  return {
    view: async (report: PdfReport) => {
      // Opened inside the click, so pop-up blockers let it through.
      const win = openPendingWindow();
      try {
        win.go(downloadUrl(await identifier(report)));
      } catch (e) {
        win.close();
        toast.error(queryError(e).message, 'wbs-pdf');
      }
    },
    download: async (report: PdfReport) => {
      try {
        saveAs(downloadUrl(await identifier(report)), report.value.file_name);
      } catch (e) {
        toast.error(queryError(e).message, 'wbs-pdf');
      }
    },
  };
};

const PNG = { headers: { Accept: 'image/png' } };

/** A key image's bytes: its rendered url (the imaging context's, which wants the bearer) as an object URL. */
export const useKeyImage = (scanId: string, findingId: string, keyImageId: string | null): KeyImageState => {
  const answer = useGetFindingDocumentQuery(
    keyImageId ? { scanId, findingId, docId: keyImageId } : skipToken,
  );
  const bytes = useObjectUrl(answer.data?.url ?? null, PNG);
  if (answer.error) return { status: 'failed', message: queryError(answer.error).message };
  if (answer.data && !answer.data.url) return { status: 'failed', message: MESSAGES.somethingWentWrong };
  if (bytes.status === 'failed') return { status: 'failed', message: bytes.error.message };
  return bytes.status === 'ready' ? { status: 'ready', url: bytes.url } : { status: 'loading' };
};

/** The scan's video reports and the one chosen to play (its streaming url asked for once chosen). */
export const useVideoReports = (scanId: string) => {
  const list = useGetVideoReportsQuery(scanId || skipToken);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const answer = useGetVideoReportQuery(selectedId ? { scanId, videoReportId: selectedId } : skipToken);
  return {
    videos: list.data ?? [],
    loading: list.isLoading,
    error: list.error,
    selectedId,
    select: setSelectedId,
    src: selectedId && answer.data?.url && !answer.isFetching ? apiUrl(answer.data.url) : null,
  };
};
