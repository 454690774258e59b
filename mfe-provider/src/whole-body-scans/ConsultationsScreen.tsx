import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { Link as RouterLink } from 'react-router';
import { MESSAGES, type ConsultationInboxItem } from '@portal/contracts';
import { EmptyState, PageFrame, ScrollableTable, useErrorToast } from '@portal/ui';
import { dueLabel, dueTone, usDate } from '../data-requests/due';
import { consultationDaysLeft } from './consultation-clock';
import { ScheduleMeetingDialog } from './ScheduleMeetingDialog';
import { useConsultationsQuery } from './whole-body-scans.api';

const CLOCK_CHIP = { overdue: 'error', soon: 'warning', ok: 'default', answered: 'default' } as const;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const Clock = ({ c }: { c: ConsultationInboxItem }) => {
  const left = consultationDaysLeft(c);
  const tone = dueTone(left);
  return tone === 'answered' ? null : (
    <Chip
      size="small"
      label={dueLabel(left)}
      color={CLOCK_CHIP[tone]}
      variant={tone === 'ok' ? 'outlined' : 'filled'}
      data-testid="consultation-clock"
      data-tone={tone}
    />
  );
};

/**
 * The whole-body-scan facility's consultation requests: who asked, about which scan, what they wrote,
 * how long they have waited (the inbox's clock), and Schedule, or the meetings already set with the
 * host's own link.
 */
export const ConsultationsScreen = () => {
  const { data, isLoading, error, refetch } = useConsultationsQuery();
  const [scheduling, setScheduling] = useState<ConsultationInboxItem | null>(null);
  useErrorToast(error);
  const rows = data?.data ?? [];
  return (
    <PageFrame
      title={`${data?.total ?? 0} Consultation requests`}
      testId="provider-consultations"
      actions={<Button onClick={() => void refetch()}>Reload</Button>}
    >
      {!isLoading && !error && rows.length === 0 ? (
        <EmptyState text={MESSAGES.noConsultationRequests} />
      ) : (
        <ScrollableTable label="Consultation requests">
          <Table size="small" aria-label="Consultation requests">
            <TableHead>
              <TableRow>
                <TableCell>Patient</TableCell>
                <TableCell>Scan</TableCell>
                <TableCell>Note</TableCell>
                <TableCell>Requested</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Video meeting</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((c) => (
                <TableRow key={c.id} data-testid={`consultation-${c.id}`}>
                  <TableCell>
                    {c.patient.last_name}, {c.patient.first_name}
                  </TableCell>
                  <TableCell>
                    {usDate(c.scan_date)}
                    <br />
                    {c.organization.name}
                  </TableCell>
                  <TableCell sx={{ maxWidth: 280, whiteSpace: 'pre-wrap' }}>{c.note}</TableCell>
                  <TableCell>
                    <Box
                      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}
                    >
                      <span>{usDate(c.created)}</span>
                      <Clock c={c} />
                    </Box>
                  </TableCell>
                  <TableCell>{c.status.name}</TableCell>
                  <TableCell>
                    <Box
                      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5 }}
                    >
                      {c.video_meetings.map((m) => (
                        <Link
                          key={m.id}
                          component={RouterLink}
                          to={m.host_link}
                          data-testid="consultation-host-link"
                        >
                          {m.ended ? 'Ended' : 'Join'} · {when(m.scheduled_start_time)}
                        </Link>
                      ))}
                      {c.status.mnemonic === 'REQUESTED' || c.status.mnemonic === 'SCHEDULED' ? (
                        <Button
                          size="small"
                          variant="outlined"
                          onClick={() => setScheduling(c)}
                          data-testid="consultation-schedule"
                        >
                          {c.video_meetings.length ? 'Schedule another' : 'Schedule'}
                        </Button>
                      ) : null}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </ScrollableTable>
      )}
      {scheduling ? (
        <ScheduleMeetingDialog consultation={scheduling} onClose={() => setScheduling(null)} />
      ) : null}
    </PageFrame>
  );
};
