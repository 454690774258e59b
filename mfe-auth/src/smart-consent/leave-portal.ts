import { MESSAGES } from '@portal/contracts';
import { browserNavigation } from '../components/browser-navigation';

/** Whether a URL is one the browser may be sent to: http(s) only, never `javascript:` or `data:`. */
export const isWebUrl = (url: string): boolean => {
  try {
    return ['https:', 'http:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/** The browser's navigation away from the portal (a spec replaces its assign). */
export const leavePortal = browserNavigation;

/**
 * Sends the browser to an app's redirect URI (the authorization server's answer, with the code or the
 * refusal); anything but an http(s) address is refused.
 */
export const goToApp = (url: string): void => {
  if (!isWebUrl(url)) throw new Error(MESSAGES.somethingWentWrong);
  leavePortal.assign(url);
};
