import { navigateToUrl } from 'single-spa';
import { PATHS } from '@portal/contracts';
import { apiFetch } from '@portal/api';
import { clearSession, getRefreshToken } from '@portal/session';

/** Logout: tells the server, clears the stored session and goes to /login. */
export const logout = async () => {
  const refresh_token = getRefreshToken();
  try {
    await apiFetch('/api/auth/logout', { method: 'POST', body: { refresh_token }, skipAuthRedirect: true });
  } catch {
    // The session ends locally whatever the server says.
  }
  clearSession();
  navigateToUrl(PATHS.new.login);
};
