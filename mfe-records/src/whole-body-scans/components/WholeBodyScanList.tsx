import { useId, useState } from 'react';
import { Link } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { PatientPlusLauncher, WholeBodyScanListItem } from '@portal/contracts';
import { scanDate, type FacilityScans } from '../scan-view';
import { OutcomeChip } from './OutcomeChip';

const findingsCount = (n: number) => `${n} ${n === 1 ? 'finding' : 'findings'}`;

/** One scan: its date, how many findings and the most serious outcome; it opens the scan's report. */
const ScanRow = ({ scan, to }: { scan: WholeBodyScanListItem; to: string }) => (
  <ListItem disablePadding>
    <ListItemButton
      component={Link}
      to={to}
      data-testid={`wbs-scan-${scan.id}`}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', borderRadius: 1 }}
    >
      <Typography component="span" sx={{ fontWeight: 600, flex: '1 1 140px' }} data-testid="wbs-scan-date">
        {scanDate(scan.scan_date)}
      </Typography>
      <Typography component="span" variant="body2" sx={{ flex: '1 1 100px' }} data-testid="wbs-scan-findings">
        {findingsCount(scan.findings_count)}
      </Typography>
      <OutcomeChip outcome={scan.top_outcome} />
    </ListItemButton>
  </ListItem>
);

/** 'View on …': the facility's own viewer, in a new tab that gets no handle on the portal. */
const LauncherButton = ({ launcher }: { launcher: PatientPlusLauncher }) => (
  <Button
    variant="outlined"
    size="small"
    component="a"
    href={launcher.url}
    target="_blank"
    rel="noopener noreferrer"
    data-testid="wbs-view-on"
  >
    View on {launcher.title}
  </Button>
);

/** A facility's scans: the newest one, and the earlier ones behind an expand button when there are any. */
const FacilityGroup = ({ group, hrefOf }: { group: FacilityScans; hrefOf: (scanId: string) => string }) => {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const [newest, ...earlier] = group.scans;
  return (
    <Paper
      variant="outlined"
      component="section"
      sx={{ p: { xs: 1.5, sm: 2 } }}
      data-testid={`wbs-facility-${group.organizationId}`}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: '1 1 auto' }}>
          {group.name}
        </Typography>
        {group.launchers.map((l) => (
          <LauncherButton key={l.url} launcher={l} />
        ))}
      </Box>
      <List disablePadding>
        <ScanRow scan={newest} to={hrefOf(newest.id)} />
      </List>
      {earlier.length > 0 ? (
        <>
          <Collapse in={open} unmountOnExit>
            <List disablePadding id={listId} aria-label={`Earlier scans at ${group.name}`}>
              {earlier.map((s) => (
                <ScanRow key={s.id} scan={s} to={hrefOf(s.id)} />
              ))}
            </List>
          </Collapse>
          <Button
            size="small"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            data-testid="wbs-facility-expand"
            sx={{ mt: 0.5 }}
          >
            {open
              ? 'Hide earlier scans'
              : `Show ${earlier.length} earlier ${earlier.length === 1 ? 'scan' : 'scans'}`}
          </Button>
        </>
      ) : null}
    </Paper>
  );
};

/** The whole body scans list (records spec §2.3): grouped by facility, with each facility's launchers. */
export const WholeBodyScanList = ({
  groups,
  hrefOf,
}: {
  groups: FacilityScans[];
  hrefOf: (scanId: string) => string;
}) => (
  <Box data-testid="wbs-list" sx={{ display: 'grid', gap: 2 }}>
    {groups.map((g) => (
      <FacilityGroup key={g.organizationId} group={g} hrefOf={hrefOf} />
    ))}
  </Box>
);
