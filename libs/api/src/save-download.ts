import { MESSAGES } from '@portal/contracts';
import { errorMessage } from './http';

/** The text a frame shows, '' when it shows nothing or is not ours to read. */
const frameText = (frame: HTMLIFrameElement): string => {
  try {
    return frame.contentDocument?.body?.textContent?.trim() ?? '';
  } catch {
    return '';
  }
};

/**
 * Saves what a URL answers as a file without the page leaving: a hidden frame goes to the URL, not the
 * tab. An attachment downloads and the frame stays empty; an error answer (the server's error body)
 * loads into the frame instead, and its message goes to `onError`, so a failed download is a message on
 * a page that is still there, never a browser error page in place of the app.
 */
export const saveDownload = (url: string, onError: (message: string) => void): void => {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = 'download';
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  frame.addEventListener('load', () => {
    const text = frameText(frame);
    if (!text) return;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    onError(body ? errorMessage(0, '', body) : MESSAGES.somethingWentWrong);
    frame.remove();
  });
  frame.src = url;
  document.body.appendChild(frame);
};
