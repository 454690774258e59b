import { useState } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { outcomeOf, type Finding } from '@portal/contracts';
import { findingName, outcomeNameOf } from '../scan-view';
import { ChangeChip, OutcomeChip } from './OutcomeChip';

export interface FindingTreeProps {
  findings: Finding[];
  selectedId: string | null;
  onSelect: (findingId: string) => void;
  /** Child findings behind an expand button (the details screen); otherwise always shown. */
  collapsible?: boolean;
  /** The accessible name of the list. */
  label: string;
}

const FindingItem = ({
  finding,
  depth,
  ...props
}: Omit<FindingTreeProps, 'findings' | 'label'> & { finding: Finding; depth: number }) => {
  const [open, setOpen] = useState(false);
  const children = finding.child_findings ?? [];
  const selected = props.selectedId === finding.id;
  const showChildren = children.length > 0 && (!props.collapsible || open);
  const name = findingName(finding);
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', pl: depth * 2 }}>
        <ListItemButton
          selected={selected}
          aria-pressed={selected}
          onClick={() => props.onSelect(finding.id)}
          data-testid={`wbs-finding-${finding.id}`}
          sx={{
            borderRadius: 1,
            gap: 1,
            flexWrap: 'wrap',
            borderLeft: 4,
            borderColor: selected ? 'primary.main' : 'transparent',
          }}
        >
          <Typography component="span" sx={{ flex: '1 1 120px', fontWeight: selected ? 700 : 500 }}>
            {name}
          </Typography>
          <OutcomeChip outcome={outcomeOf(finding)} name={outcomeNameOf(finding)} />
          {finding.change ? <ChangeChip change={finding.change} /> : null}
        </ListItemButton>
        {props.collapsible && children.length > 0 ? (
          <IconButton
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-label={`${open ? 'Hide' : 'Show'} the ${children.length} related findings of ${name}`}
            data-testid={`wbs-finding-expand-${finding.id}`}
            sx={{ ml: 0.5, fontSize: 16, width: 40, height: 40 }}
          >
            <span aria-hidden>{open ? '▾' : '▸'}</span>
          </IconButton>
        ) : null}
      </Box>
      {showChildren ? (
        <List disablePadding aria-label={`Related findings of ${name}`}>
          {children.map((c) => (
            <FindingItem key={c.id} finding={c} depth={depth + 1} {...props} />
          ))}
        </List>
      ) : null}
    </ListItem>
  );
};

/** The findings, each selectable (click, Enter or Space), with their child findings nested under them. */
export const FindingTree = ({ findings, label, ...props }: FindingTreeProps) => (
  <List aria-label={label} data-testid="wbs-findings" dense>
    {findings.map((f) => (
      <FindingItem key={f.id} finding={f} depth={0} {...props} />
    ))}
  </List>
);
