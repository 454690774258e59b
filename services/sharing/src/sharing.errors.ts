import { MESSAGES } from '@portal/contracts';
import { AppError, badRequest, fieldInvalid, forbidden, notFound, unauthenticated } from '@portal/server-kit';

/** Every failure the sharing context answers with, in the shared vocabulary. */

/** An unknown, expired or revoked viewer link: all answered alike, so link ids cannot be probed. */
export const viewerLinkNotFound = () => notFound('Viewer link');
/** The page marks the password field invalid with this message. */
export const viewerPasswordWrong = () => fieldInvalid('password', MESSAGES.viewerPasswordWrong);
export const tooManyPasswordAttempts = (seconds: number) =>
  new AppError('AUTH.TOO_MANY_ATTEMPTS', MESSAGES.tooManyAttempts, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(seconds))),
  });
/** A call of the public page without a viewer token. */
export const viewerTokenMissing = () => unauthenticated(MESSAGES.viewerLinkUnavailable);
/** A viewer token of another link. */
export const tokenNotForLink = () => forbidden('This viewer token does not open that link');
/** A link id given twice for different owners (only internal callers choose ids). */
export const viewerLinkTaken = () => new AppError('RESOURCE.CONFLICT', 'That viewer link id is taken');

/** A record to share that is not the caller's (or does not exist): 404 alike. */
export const sharedRecordNotFound = () => notFound('Record');
/** A shared person of another owner, or none. */
export const sharedPersonNotFound = () => notFound('Shared person');
/** A share the caller leaves that does not exist (that owner shares nothing with them). */
export const shareWithYouNotFound = () => notFound('Share');
export const cannotShareWithYourself = () => fieldInvalid('email', MESSAGES.cannotShareWithYourself);
export const invitationUnavailable = () => badRequest(MESSAGES.invitationUnavailable);
/** SMART Health Links: a removed, expired or unknown link is 404 (the SHL spec's "no longer active"). */
export const healthLinkNotFound = () => notFound('Health link');
/** SHL: a wrong passcode is 401. */
export const healthLinkPasscodeWrong = () =>
  new AppError('AUTH.UNAUTHENTICATED', 'The passcode is not right');
