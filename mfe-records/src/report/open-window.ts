import { apiUrl } from '@portal/api';
import { RECORDS_API } from '@portal/contracts';

/** The URL that opens a file by its download identifier (no bearer token needed). */
export const downloadUrl = (identifier: string): string => apiUrl(RECORDS_API.download(identifier));

export interface PendingWindow {
  /** Sends the window to `url` (or opens one now, when the browser refused the blank one). */
  go: (url: string) => void;
  /** Closes the blank window (the file could not be made). */
  close: () => void;
}

/**
 * Opens a blank window at once, inside the click, so pop-up blockers let it through; its location is
 * set when the file is ready (an identifier arrives after one or more calls).
 */
export const openPendingWindow = (): PendingWindow => {
  let win: Window | null = null;
  try {
    win = window.open('about:blank', '_blank');
    // The file's page needs no handle on the portal.
    if (win) win.opener = null;
  } catch {
    win = null;
  }
  return {
    go: (url) => {
      if (win && !win.closed) win.location.href = url;
      else window.open(url, '_blank', 'noopener');
    },
    close: () => {
      if (win && !win.closed) win.close();
    },
  };
};
