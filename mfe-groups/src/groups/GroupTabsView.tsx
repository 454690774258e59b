import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { GROUP_MESSAGES, GROUP_ROLE_TEXT, type Group, type GroupType } from '@portal/contracts';
import { EmptyState } from '@portal/ui';

const TAB_LABEL: Record<GroupType, string> = { PATIENT_GROUP: 'Patient groups', ADMIN_GROUP: 'Admin groups' };

/** Group cards, each linking to its page. */
export const GroupCards = ({
  groups,
  hrefOf,
  emptyText = GROUP_MESSAGES.noGroups,
}: {
  groups: Group[];
  hrefOf: (g: Group) => string;
  emptyText?: string;
}) =>
  groups.length === 0 ? (
    <EmptyState text={emptyText} testId="groups-empty" />
  ) : (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' },
      }}
    >
      {groups.map((g) => (
        <Card component="li" key={g.id} variant="outlined" data-testid="group-card" data-group-id={g.id}>
          <CardContent>
            <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {g.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {g.organization_type?.mnemonic === 'ADMIN_GROUP'
                ? 'Admin group'
                : `${g.patientCount} ${g.patientCount === 1 ? 'patient' : 'patients'}`}
              {' · '}
              {GROUP_ROLE_TEXT[g.myRole] ?? g.myRole}
            </Typography>
          </CardContent>
          <CardActions>
            <Button
              component={RouterLink}
              to={hrefOf(g)}
              variant="outlined"
              size="small"
              aria-label={`Open ${g.name}`}
              data-testid="group-open"
            >
              Open
            </Button>
          </CardActions>
        </Card>
      ))}
    </Box>
  );

/** The tabs of the caller's groups, split into patient groups and admin groups. */
export const GroupTabsView = ({
  byType,
  first,
  hrefOf,
}: {
  byType: Record<GroupType, Group[]>;
  first: GroupType;
  hrefOf: (g: Group) => string;
}) => {
  const order: GroupType[] =
    first === 'PATIENT_GROUP' ? ['PATIENT_GROUP', 'ADMIN_GROUP'] : ['ADMIN_GROUP', 'PATIENT_GROUP'];
  const [tab, setTab] = useState<GroupType>(first);
  return (
    <Box>
      <Tabs
        value={tab}
        onChange={(_e, v: GroupType) => setTab(v)}
        aria-label="Groups"
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {order.map((t) => (
          <Tab
            key={t}
            value={t}
            id={`group-tab-${t}`}
            aria-controls={`group-tabpanel-${t}`}
            label={`${TAB_LABEL[t]} (${byType[t].length})`}
            data-testid={`group-tab-${t}`}
          />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`group-tabpanel-${tab}`} aria-labelledby={`group-tab-${tab}`}>
        <GroupCards groups={byType[tab]} hrefOf={hrefOf} />
      </Box>
    </Box>
  );
};
