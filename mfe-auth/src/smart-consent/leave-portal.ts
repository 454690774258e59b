import { MESSAGES } from '@portal/contracts';

/** Whether a URL is one the browser may be sent to: http(s) only, never `javascript:` or `data:`. */
export const isWebUrl = (url: string): boolean => {
  try {
    return ['https:', 'http:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/** The browser's navigation away from the portal; an object, so a spec can replace it (jsdom cannot navigate). */
export const leavePortal = { assign: (url: string): void => window.location.assign(url) };

/**
 * Sends the browser to an app's redirect URI (the authorization server's answer, with the code or the
 * refusal); anything but an http(s) address is refused.
 */
export const goToApp = (url: string): void => {
  if (!isWebUrl(url)) throw new Error(MESSAGES.somethingWentWrong);
  leavePortal.assign(url);
};
