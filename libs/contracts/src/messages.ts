import * as MESSAGES from './message-texts';

export { MESSAGES };

export type MessageKey = keyof typeof MESSAGES;

/** 'Failed to upload {file}', one per failed file of a provider upload (records spec §8), then the server's reason when it gave one. */
export const failedToUpload = (fileName: string, reason?: string): string =>
  `Failed to upload ${fileName}${reason ? `: ${reason}` : ''}`;
/** The progress circle of a provider upload (records spec §4). */
export const filesUploadedProgress = (done: number, total: number): string =>
  `${done} out of ${total} files uploaded`;

/** The viewer's progress: 'N out of M images loaded' (records spec §2.4). */
export const imagesLoadedProgress = (loaded: number, total: number): string =>
  `${loaded} out of ${total} images loaded`;
/** The progress percent, rounded down (records spec §9). */
export const imagesLoadedPercent = (loaded: number, total: number): number =>
  total > 0 ? Math.floor((loaded * 100) / total) : 0;

/** The invite-sent success message with the person's name (records spec §8; wording ours around {name}). */
export const inviteSent = (name: string): string => `Invitation sent to ${name}`;
/** Our own words: the person shared with asks before leaving the share of `name` (who shared it). */
export const leaveShareConfirm = (name: string): string =>
  `You will no longer see the records ${name} shares with you.`;
/** Our own words: the record view of a record `name` shared with the caller. */
export const sharedWithYouBy = (name: string): string => `Shared with you by ${name}`;
/** 'Shared with' summary: up to 3 names then 'and N other(s)' (records spec §9). */
export const sharedWithSummary = (names: string[], shown = 3): string => {
  if (names.length <= shown) return names.join(', ');
  const rest = names.length - shown;
  return `${names.slice(0, shown).join(', ')} and ${rest} ${rest === 1 ? 'other' : 'others'}`;
};

/** 'Year cannot be later than {current year}' (records spec §5). */
export const yearLaterThan = (year: number): string => `Year cannot be later than ${year}`;
/** 'Files of type .{ext} should be uploaded as Reports or Imaging' (records spec §5). */
export const othersFileType = (ext: string): string =>
  `Files of type .${ext} should be uploaded as Reports or Imaging`;

/** 'Error status - text' fallback of the spec for failures without a server message. */
export const statusFallbackMessage = (status: number, statusText: string): string =>
  statusText ? `Error ${status} - ${statusText}` : MESSAGES.somethingWentWrong;

/** Issue 29, our own words: the consent screen's heading. */
export const smartConsentTitle = (clientName: string): string => `${clientName} wants to access your records`;
/** Issue 29, our own words: Connected apps asks before revoking an app. */
export const revokeAppConfirm = (clientName: string): string =>
  `Revoke ${clientName}? It will lose access at once.`;
/** Issue 29, our own words: when a connected app last read the records. */
export const appLastRead = (when: string): string => `Last read: ${when}`;
/** Issue 29, our own words: an incremental backup's files. */
export const backupChangesSince = (when: string): string => `Changes since ${when}`;
