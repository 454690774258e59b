import type { LoginResponse } from '@portal/contracts';
import { getExpiryTime, getRefreshToken, saveLogin, subscribe } from '@portal/session';
import { apiFetch } from './http';

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 60_000;

/** POST /api/auth/refresh with the stored refresh token; stores the new login answer. */
export const refreshSession = async (): Promise<boolean> => {
  const refresh_token = getRefreshToken();
  if (!refresh_token) return false;
  const answer = await apiFetch<LoginResponse>('/api/auth/refresh', {
    method: 'POST',
    body: { refresh_token },
  });
  saveLogin(answer);
  return true;
};

/** Keeps the session fresh: schedules a refresh shortly before expiryTime, rescheduling on every change. */
export const startTokenRefresh = (now: () => number = Date.now): (() => void) => {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let scheduledFor: number | null = null;
  const schedule = () => {
    const expiry = getExpiryTime();
    if (expiry === scheduledFor) return;
    if (timer) clearTimeout(timer);
    scheduledFor = expiry;
    if (!expiry || !getRefreshToken()) return;
    const delay = Math.max(0, expiry - now() - REFRESH_MARGIN_MS);
    timer = setTimeout(() => {
      refreshSession().catch(() => undefined);
    }, delay);
  };
  schedule();
  const unsubscribe = subscribe(schedule);
  return () => {
    unsubscribe();
    if (timer) clearTimeout(timer);
  };
};
