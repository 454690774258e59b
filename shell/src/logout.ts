import { navigateToUrl } from 'single-spa';
import { PATHS } from '@portal/contracts';
import { apiFetch } from '@portal/api';
import { clearSession, getRefreshToken, getRouteTable, getToken } from '@portal/session';

/**
 * Logout: ends the session here first, then tells the server, then goes to /login. Clearing first
 * means the calls still in flight, answered 401 once the server has revoked the token, belong to a
 * session that is already over and send nobody to the landing page.
 */
export const logout = async () => {
  const token = getToken();
  const refresh_token = getRefreshToken();
  clearSession();
  navigateToUrl(PATHS[getRouteTable()].login);
  try {
    await apiFetch('/api/auth/logout', {
      method: 'POST',
      body: { refresh_token },
      headers: token ? { Authorization: `Bearer ${token}` } : undefined,
      skipAuthRedirect: true,
    });
  } catch {
    // The session ends locally whatever the server says.
  }
};
