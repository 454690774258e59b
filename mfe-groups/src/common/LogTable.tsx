import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { GROUP_PERMISSION_TEXT, type GroupLogEntry } from '@portal/contracts';
import { ScrollableTable } from '@portal/ui';
import { when } from './format';
import { VISUALLY_HIDDEN } from './ui';

/** The log's lines: when, who, for whom, what, and the permission that allowed it. */
export const LogTable = ({
  rows,
  label,
  showGroup = false,
  extra,
}: {
  rows: GroupLogEntry[];
  label: string;
  /** "Done on your behalf": the group instead of the person acted for. */
  showGroup?: boolean;
  /** One more column (a button per line), its header read by screen readers only. */
  extra?: { header: string; cell: (r: GroupLogEntry) => ReactNode };
}) => (
  <ScrollableTable label={label} testId="logs-scroll">
    <Table size="small" aria-label={label} sx={{ minWidth: 760 }}>
      <TableHead>
        <TableRow>
          <TableCell>When</TableCell>
          <TableCell>Who</TableCell>
          {showGroup ? <TableCell>Group</TableCell> : <TableCell>For whom</TableCell>}
          <TableCell>What</TableCell>
          <TableCell>Permission</TableCell>
          {extra ? (
            <TableCell sx={{ position: 'relative' }}>
              <Box component="span" sx={VISUALLY_HIDDEN}>
                {extra.header}
              </Box>
            </TableCell>
          ) : null}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((r) => (
          <TableRow key={r.id} data-testid="log-row">
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(r.at)}</TableCell>
            <TableCell>{r.actorName}</TableCell>
            <TableCell>{showGroup ? r.groupName : r.memberName || '—'}</TableCell>
            <TableCell>{r.actionText || r.action}</TableCell>
            <TableCell>
              {r.permission ? (GROUP_PERMISSION_TEXT[r.permission]?.name ?? r.permission) : '—'}
            </TableCell>
            {extra ? <TableCell>{extra.cell(r)}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </ScrollableTable>
);
