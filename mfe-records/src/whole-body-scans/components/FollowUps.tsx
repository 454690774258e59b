import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { FollowUpTask } from '@portal/contracts';
import { isOverdue, scanDate } from '../scan-view';
import { ToneChip } from './OutcomeChip';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A due date, sent once it is a whole date and the field is left (or Enter pressed): a date input
 * changes with every digit of the year as it is typed.
 */
const DueDateInput = ({
  value,
  label,
  disabled,
  error,
  onCommit,
}: {
  value: string;
  label: string;
  disabled: boolean;
  error: boolean;
  onCommit: (date: string) => void;
}) => {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    if (draft !== value && ISO_DATE.test(draft) && draft >= '1900-01-01') onCommit(draft);
    else if (!ISO_DATE.test(draft)) setDraft(value);
  };
  return (
    <TextField
      type="date"
      size="small"
      label="Due date"
      value={draft}
      disabled={disabled}
      error={error}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'data-testid': 'wbs-follow-up-due', 'aria-label': label },
      }}
      sx={{ width: 170 }}
    />
  );
};

export interface FollowUpsProps {
  tasks: FollowUpTask[];
  /** The task whose change is on its way (its controls wait). */
  busyId: string | null;
  onDueDate: (task: FollowUpTask, dueDate: string) => void;
  onDone: (task: FollowUpTask, done: boolean) => void;
  today: string;
}

/** The follow-up tracker: each recommended next step as a task with a due date, done or not, overdue in red. */
export const FollowUps = ({ tasks, busyId, onDueDate, onDone, today }: FollowUpsProps) => (
  <Box
    component="ul"
    sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
    data-testid="wbs-follow-up-list"
  >
    {tasks.map((t) => {
      const overdue = isOverdue(t, today);
      const busy = busyId === t.id;
      return (
        <Paper
          component="li"
          key={t.id}
          variant="outlined"
          data-testid={`wbs-follow-up-${t.id}`}
          data-overdue={overdue}
          sx={{
            p: 1.5,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1.5,
            alignItems: 'center',
            borderColor: overdue ? 'error.main' : undefined,
          }}
        >
          <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, textDecoration: t.done_at ? 'line-through' : 'none' }}>
              {t.title}
            </Typography>
            {t.subtitle ? (
              <Typography variant="body2" color="text.secondary">
                {t.subtitle}
              </Typography>
            ) : null}
            {t.done_at ? (
              <Typography variant="body2" data-testid="wbs-follow-up-done">
                Done on {scanDate(t.done_at)}
              </Typography>
            ) : overdue ? (
              <Box sx={{ mt: 0.5 }}>
                <ToneChip
                  tone="major"
                  label={`Overdue since ${scanDate(t.due_date)}`}
                  testId="wbs-follow-up-overdue"
                />
              </Box>
            ) : null}
          </Box>
          <DueDateInput
            value={t.due_date.slice(0, 10)}
            label={`Due date of ${t.title}`}
            disabled={busy || Boolean(t.done_at)}
            error={overdue}
            onCommit={(date) => onDueDate(t, date)}
          />
          <Button
            variant={t.done_at ? 'text' : 'contained'}
            size="small"
            disabled={busy}
            onClick={() => onDone(t, !t.done_at)}
            data-testid="wbs-follow-up-toggle"
          >
            {t.done_at ? 'Undo' : 'Mark done'}
          </Button>
        </Paper>
      );
    })}
  </Box>
);
