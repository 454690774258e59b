import { Provider } from 'react-redux';
import { Route, Routes } from 'react-router';
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { MESSAGES } from '@portal/contracts';
import { portalBaseQuery } from '@portal/api';
import { EmptyState, PageFrame } from '@portal/ui';

interface Group {
  id: string | number;
  name: string;
  organization_type?: { mnemonic: string };
}

const groupsApi = createApi({
  reducerPath: 'groupsApi',
  baseQuery: portalBaseQuery('/api'),
  endpoints: (build) => ({ loadGrid: build.query<Group[], void>({ query: () => ({ url: '/groups/loadGrid', retry: 2 }) }) }),
});
const store = configureStore({
  reducer: { [groupsApi.reducerPath]: groupsApi.reducer },
  middleware: (getDefault) => getDefault().concat(groupsApi.middleware),
});

const Groups = ({ title }: { title: string }) => {
  const { data, isLoading } = groupsApi.useLoadGridQuery();
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

export const Root = () => (
  <Provider store={store}>
    <Routes>
      <Route path="/groups/*" element={<Groups title="Groups" />} />
      <Route path="/groupAdmin/*" element={<Groups title="Group Admin" />} />
      <Route path="/pendingApproval" element={<PageFrame title="Pending approval" />} />
      <Route path="*" element={null} />
    </Routes>
  </Provider>
);
