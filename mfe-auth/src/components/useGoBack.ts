import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@portal/session';

/**
 * "The user goes back": to the previous page of this app's history when there is one (react-router
 * numbers its entries in history.state.idx), else to Settings, so a page opened from a link in a
 * mail does not leave the portal.
 */
export const useGoBack = () => {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate(paths().settings);
  }, [navigate]);
};
