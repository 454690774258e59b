import { useCallback, useEffect, useRef, useState } from 'react';
import { ENHANCED_REPORT_POLL_MS, ENHANCED_REPORT_TIMEOUT_MS, MESSAGES } from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast } from '@portal/ui';
import { useEnhancedReportStatusMutation, useRequestEnhancedReportMutation } from '../record-view/record-view.api';
import { downloadUrl, openPendingWindow } from './open-window';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The enhanced report (records spec §2.4, §4): asks for it, polls its status every
 * ENHANCED_REPORT_POLL_MS, opens it in the window opened on the click when ready; after
 * ENHANCED_REPORT_TIMEOUT_MS, the timed-out toast. `pending` is the attachment being made.
 */
export const useEnhancedReport = (patientRequestId: string) => {
  const [requestReport] = useRequestEnhancedReportMutation();
  const [reportStatus] = useEnhancedReportStatusMutation();
  const [pending, setPending] = useState<string | null>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const open = useCallback(
    async (attachmentId: string) => {
      if (pending) return;
      const win = openPendingWindow();
      setPending(attachmentId);
      const started = Date.now();
      try {
        const { identifier } = await requestReport({ patientRequestId, attachmentId }).unwrap();
        for (;;) {
          if (!live.current) {
            win.close();
            return;
          }
          const answer = await reportStatus(identifier).unwrap();
          if (answer.isReady && answer.data?.identifier) {
            win.go(downloadUrl(answer.data.identifier));
            return;
          }
          const remaining = ENHANCED_REPORT_TIMEOUT_MS - (Date.now() - started);
          if (remaining <= 0) {
            win.close();
            toast.error(MESSAGES.enhancedReportTimedOut, 'enhanced-report');
            return;
          }
          // The last poll falls on the time-out itself.
          await wait(Math.min(ENHANCED_REPORT_POLL_MS, remaining));
        }
      } catch (e) {
        win.close();
        toast.error(queryError(e).message, 'enhanced-report');
      } finally {
        if (live.current) setPending(null);
      }
    },
    [pending, patientRequestId, requestReport, reportStatus],
  );

  return { open, pending };
};
