/** How long an object URL outlives its click: the browser starts the download from it first. */
const REVOKE_AFTER_MS = 60_000;

/**
 * Saves bytes the page already holds as a file: an object URL on a link with `download`, clicked once,
 * revoked a while later (at once could cancel the download in some browsers).
 */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
};
