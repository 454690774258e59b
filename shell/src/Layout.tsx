import { Suspense, lazy, useEffect, useState } from 'react';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { navigateToUrl } from 'single-spa';
import {
  PATHS,
  PRODUCT_NAME,
  RECORDS_API,
  REMOTES,
  isReportDetailPath,
  pageTitle,
  personPath,
} from '@portal/contracts';
import { apiFetch } from '@portal/api';
import { useBreakpoint } from '@portal/ui';
import { containerId } from './federation';
import { usePathname, useSession } from './location';
import { menuItems } from './menu';
import { hideSideMenu } from './routing';

const ProfileMenu = lazy(() => import('./SignedInChrome').then((m) => ({ default: m.ProfileMenu })));
const SideMenu = lazy(() => import('./SignedInChrome').then((m) => ({ default: m.SideMenu })));
const HeaderLoginButton = lazy(() => import('./HeaderLoginButton'));
// Only coordinators acting for a member see it: not part of anyone's first load.
const ActingBanner = lazy(() => import('./ActingBanner'));

/** Patients see Sharing only when their study list is non-empty. */
const useHasStudies = (enabled: boolean, token: string | null) => {
  const [hasStudies, setHasStudies] = useState(false);
  useEffect(() => {
    if (!enabled || !token) {
      setHasStudies(false);
      return;
    }
    let live = true;
    // One request is enough to know the list is not empty (a library of 10,000 studies stays on the server).
    apiFetch<unknown[]>(`${RECORDS_API.studyData}?limit=1`)
      .then((list) => live && setHasStudies(Array.isArray(list) && list.length > 0))
      .catch(() => live && setHasStudies(false));
    return () => {
      live = false;
    };
  }, [enabled, token]);
  return hasStudies;
};

export const Layout = ({ onReady }: { onReady?: () => void }) => {
  const pathname = usePathname();
  const { token, user, table } = useSession();
  const breakpoint = useBreakpoint();
  const role = user?.role?.mnemonic;
  const signedIn = Boolean(token);
  const hasStudies = useHasStudies(signedIn && role === 'PATIENT', token);

  useEffect(() => {
    document.title = pageTitle(pathname);
  }, [pathname]);
  useEffect(() => onReady?.(), [onReady]);

  const items = signedIn ? menuItems(table, role, hasStudies) : [];
  const showHeader = !isReportDetailPath(pathname);
  const showMenu = items.length > 0 && !hideSideMenu(pathname, signedIn);
  const mobile = breakpoint === 'mobile';
  const name = user ? `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim() || user.email : '';
  const paths = PATHS[table];
  const person = signedIn ? personPath(pathname) : null;

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column' }}>
      {showHeader ? (
        <AppBar position="sticky" color="inherit" elevation={1} data-testid="header">
          <Toolbar sx={{ gap: 2 }}>
            <Typography
              component="a"
              href={signedIn ? paths.patientHome : paths.landing}
              variant="h6"
              data-testid="product-name"
              sx={{ flexGrow: 1, color: 'primary.main', textDecoration: 'none', fontWeight: 700 }}
              onClick={(e: React.MouseEvent<HTMLAnchorElement>) => {
                e.preventDefault();
                navigateToUrl(
                  signedIn
                    ? role === 'EXTERNAL_PROVIDER'
                      ? paths.providerHome
                      : paths.patientHome
                    : paths.landing,
                );
              }}
            >
              {PRODUCT_NAME}
            </Typography>
            {signedIn && user ? (
              <Suspense fallback={null}>
                <ProfileMenu
                  name={name}
                  canSwitch={(user.roles?.length ?? 0) > 1}
                  settingsPath={paths.settings}
                  switchPath={table === 'new' ? '/switch-role' : '/switchRole'}
                />
              </Suspense>
            ) : pathname !== paths.login ? (
              <Suspense fallback={null}>
                <HeaderLoginButton loginPath={paths.login} />
              </Suspense>
            ) : null}
          </Toolbar>
        </AppBar>
      ) : null}
      <Box sx={{ display: 'flex', flexDirection: mobile ? 'column' : 'row', flex: 1, minWidth: 0 }}>
        {showMenu ? (
          <Suspense fallback={null}>
            <SideMenu items={items} pathname={pathname} mobile={mobile} />
          </Suspense>
        ) : null}
        <Box component="main" data-testid="main" sx={{ flex: 1, minWidth: 0 }}>
          {person ? (
            <Suspense fallback={null}>
              <ActingBanner person={person} />
            </Suspense>
          ) : null}
          {REMOTES.map((r) => (
            <div key={r} id={containerId(r)} />
          ))}
        </Box>
      </Box>
    </Box>
  );
};
