import { useMemo, useState } from 'react';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { FollowUpInput, FollowUpTask } from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast, useErrorToast } from '@portal/ui';
import { FollowUps } from './components/FollowUps';
import { Section } from './components/ScanSummary';
import { todayIso } from './scan-view';
import { useGetFollowUpsQuery, useUpdateFollowUpMutation } from './whole-body-scans.api';

/** The follow-up tracker of one scan (beyond the spec): its tasks, due dates and done marks. */
export const FollowUpsSection = ({ scanId }: { scanId: string }) => {
  const all = useGetFollowUpsQuery();
  useErrorToast(all.error as { message?: string } | undefined);
  const [update] = useUpdateFollowUpMutation();
  const [busyId, setBusyId] = useState<string | null>(null);
  const tasks = useMemo(
    () =>
      (all.data ?? [])
        .filter((t) => t.whole_body_scan_id === scanId)
        .sort((a, b) => a.due_date.localeCompare(b.due_date)),
    [all.data, scanId],
  );
  const change = async (task: FollowUpTask, input: FollowUpInput) => {
    setBusyId(task.id);
    try {
      await update({ taskId: task.id, input }).unwrap();
    } catch (e) {
      toast.error(queryError(e).message, 'wbs-follow-up');
    }
    setBusyId(null);
  };
  return (
    <Section title="Follow-ups" testId="wbs-follow-ups">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The recommended next steps of this scan as tasks. Set a date that suits you and mark each one done
        once it is.
      </Typography>
      {all.isLoading ? <CircularProgress size={24} aria-label="Loading follow-ups" /> : null}
      {all.data && tasks.length === 0 ? (
        <Typography data-testid="wbs-follow-ups-empty">No follow-ups for this scan.</Typography>
      ) : null}
      {tasks.length > 0 ? (
        <FollowUps
          tasks={tasks}
          busyId={busyId}
          today={todayIso()}
          onDueDate={(t, dueDate) => void change(t, { dueDate })}
          onDone={(t, done) => void change(t, { done })}
        />
      ) : null}
    </Section>
  );
};
