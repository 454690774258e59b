import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createRemoteStore } from '@portal/api';
import { PortalSnackbarProvider } from '@portal/ui';
import { api } from '../api';

// The machine runs these beside other builds: a screen's first answer (and the lazily loaded toaster)
// may take longer than Testing Library's default second to show up under that load.
configure({ asyncUtilTimeout: 5000 });

/** Where the screen sent the user: the path and query it navigated to. */
const Landed = () => {
  const { pathname, search } = useLocation();
  return <p data-testid="landed">{pathname + search}</p>;
};

/** Renders a screen at `entry` in the remote's store, with the toaster and a catch-all that shows where navigation went. */
export const renderAt = (entry: string, path: string, element: ReactElement) =>
  render(
    <Provider store={createRemoteStore(api)}>
      <PortalSnackbarProvider>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<Landed />} />
          </Routes>
        </MemoryRouter>
      </PortalSnackbarProvider>
    </Provider>,
  );
