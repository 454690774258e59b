import { useCallback, useEffect, useRef, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { ENHANCED_REPORT_POLL_MS, ENHANCED_REPORT_TIMEOUT_MS, MESSAGES } from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast } from '@portal/ui';
import {
  useEnhancedReportStatusQuery,
  useRequestEnhancedReportMutation,
} from '../record-view/record-view.api';
import { downloadUrl, openPendingWindow, type PendingWindow } from './open-window';

/** The enhanced report being made: the window opened on the click, its identifier once asked for. */
interface Job {
  attachmentId: string;
  win: PendingWindow;
  /** When the click came: the time-out counts from it. */
  started: number;
  identifier: string | null;
  /** Time to the next poll: ENHANCED_REPORT_POLL_MS, less when the time-out comes sooner. */
  pollMs: number;
}

/**
 * The enhanced report (records spec §2.4, §4): asks for it, polls its status every
 * ENHANCED_REPORT_POLL_MS (RTK Query's polling), opens it in the window opened on the click when
 * ready; after ENHANCED_REPORT_TIMEOUT_MS, the timed-out toast. `pending` is the attachment being made.
 */
export const useEnhancedReport = (patientRequestId: string) => {
  const [requestReport] = useRequestEnhancedReportMutation();
  const [job, setJob] = useState<Job | null>(null);
  // Skipped (no polling) until the identifier comes and once the job ends.
  const status = useEnhancedReportStatusQuery(job?.identifier ?? skipToken, {
    pollingInterval: job?.pollMs ?? 0,
  });

  // Leaving the page abandons the report: its blank window goes too.
  const current = useRef(job);
  current.current = job;
  useEffect(() => () => current.current?.win.close(), []);

  const answer = status.currentData;
  const answeredAt = status.fulfilledTimeStamp ?? 0;
  const failure = status.isError ? status.error : undefined;
  useEffect(() => {
    if (!job?.identifier) return;
    const end = (message?: string) => {
      if (message) {
        job.win.close();
        toast.error(message, 'enhanced-report');
      }
      setJob(null);
    };
    if (failure) return end(queryError(failure).message);
    // An answer from before this click is not about it.
    if (!answer || answeredAt < job.started) return;
    if (answer.isReady && answer.data?.identifier) {
      job.win.go(downloadUrl(answer.data.identifier));
      return end();
    }
    const remaining = job.started + ENHANCED_REPORT_TIMEOUT_MS - answeredAt;
    if (remaining <= 0) return end(MESSAGES.enhancedReportTimedOut);
    // The last poll falls on the time-out itself.
    if (remaining < job.pollMs) setJob({ ...job, pollMs: remaining });
  }, [job, answer, answeredAt, failure]);

  const open = useCallback(
    async (attachmentId: string) => {
      if (job) return;
      const next: Job = {
        attachmentId,
        win: openPendingWindow(),
        started: Date.now(),
        identifier: null,
        pollMs: ENHANCED_REPORT_POLL_MS,
      };
      setJob(next);
      try {
        const { identifier } = await requestReport({ patientRequestId, attachmentId }).unwrap();
        setJob((j) => (j === next ? { ...next, identifier } : j));
      } catch (e) {
        next.win.close();
        toast.error(queryError(e).message, 'enhanced-report');
        setJob((j) => (j === next ? null : j));
      }
    },
    [job, patientRequestId, requestReport],
  );

  return { open, pending: job?.attachmentId ?? null };
};
