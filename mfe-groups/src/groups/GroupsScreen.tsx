import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { MESSAGES } from '@portal/contracts';
import { EmptyState, PageFrame } from '@portal/ui';
import { useLoadGroupsQuery } from './groups.api';

/** The groups of a coordinator or group admin. */
export const GroupsScreen = ({ title }: { title: string }) => {
  const { data, isLoading } = useLoadGroupsQuery();
  const groups = data ?? [];
  return (
    <PageFrame title={title} testId="groups">
      {isLoading ? <LinearProgress aria-label="Loading" /> : null}
      {!isLoading && groups.length === 0 ? <EmptyState text={MESSAGES.noDataAvailable} /> : null}
      <List aria-label={title}>
        {groups.map((g) => (
          <ListItem key={g.id} data-testid="group-row">
            <ListItemText primary={g.name} secondary={g.organization_type?.mnemonic} />
          </ListItem>
        ))}
      </List>
    </PageFrame>
  );
};
