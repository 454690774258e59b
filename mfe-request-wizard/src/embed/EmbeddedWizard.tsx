import { useMemo } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import ScopedCssBaseline from '@mui/material/ScopedCssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { createRemoteStore } from '@portal/api';
import { PortalSnackbarProvider } from '@portal/ui';
import { api } from '../api';
import { useGetCustodianDetailsQuery } from '../facility/facility.api';
import { stepPath } from '../wizard/routing';
import { Root } from '../Root';
import { EmbedGate } from './EmbedGate';
import { ShadowContainerContext, shadowTheme } from './shadow-theme';

/** The facility's colours once its details come; the default theme meanwhile (the same tree, no remount). */
const FacilityTheme = ({
  facility,
  container,
  children,
}: {
  facility: string;
  container: HTMLElement;
  children: React.ReactNode;
}) => {
  const { currentData } = useGetCustodianDetailsQuery(facility);
  const theme = useMemo(() => shadowTheme(currentData?.theme, container), [currentData?.theme, container]);
  return <ThemeProvider theme={theme}>{children}</ThemeProvider>;
};

export interface EmbeddedWizardProps {
  facility: string;
  /** Emotion's cache whose container is the shadow root: every style of the wizard is injected there. */
  cache: EmotionCache;
  /** Where portalled layers (menus, dialogs) go, inside the shadow root. */
  container: HTMLElement;
}

/**
 * The external wizard for one facility as a facility's site shows it: the wizard's own Root, store and
 * toaster, in a memory router (the host page's URL is the facility's, not ours) started at the external
 * consent step.
 */
export const EmbeddedWizard = ({ facility, cache, container }: EmbeddedWizardProps) => {
  const store = useMemo(() => createRemoteStore(api), []);
  return (
    <CacheProvider value={cache}>
      <Provider store={store}>
        <FacilityTheme facility={facility} container={container}>
          {/* Sets font, colour and box model on its own element: nothing inherits from the host page. */}
          <ScopedCssBaseline>
            <PortalSnackbarProvider>
              <MemoryRouter initialEntries={[stepPath('external', 'consent', facility)]}>
                <ShadowContainerContext.Provider value={container}>
                  <div data-remote="mfe-request-wizard" data-embed-facility={facility}>
                    <EmbedGate facility={facility}>
                      <Root />
                    </EmbedGate>
                  </div>
                </ShadowContainerContext.Provider>
              </MemoryRouter>
            </PortalSnackbarProvider>
          </ScopedCssBaseline>
        </FacilityTheme>
      </Provider>
    </CacheProvider>
  );
};
