import { IDENTITY_IMAGE_TOO_LARGE, MESSAGES } from '@portal/contracts';
import { AppError, badRequest, fieldInvalid, notFound } from '@portal/server-kit';

/** Every failure the auth context answers with, in the shared vocabulary and the spec's words. */

export const emailTaken = () => new AppError('AUTH.EMAIL_TAKEN', MESSAGES.emailTaken);
export const emailNotFound = () => new AppError('RESOURCE.NOT_FOUND', MESSAGES.emailNotFound);
export const sameEmail = () => fieldInvalid('newEmail', MESSAGES.sameEmail);
export const invalidEmail = () => badRequest(MESSAGES.pleaseEnterValidEmail);

export const invalidCredentials = () => new AppError('AUTH.INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
export const currentPasswordWrong = () => fieldInvalid('currentPassword', MESSAGES.currentPasswordIncorrect);
/** The account behind a signed-in token is gone. */
export const accountGone = () => new AppError('AUTH.UNAUTHENTICATED', MESSAGES.unauthenticated);
export const sessionEnded = () => new AppError('AUTH.UNAUTHENTICATED', MESSAGES.sessionExpired);
export const refreshReused = () => new AppError('AUTH.REFRESH_REUSED', MESSAGES.sessionExpired);
export const roleNotHeld = () => new AppError('AUTH.FORBIDDEN', MESSAGES.forbidden);

/** Too many attempts; the client may try again after `seconds`. */
export const tooManyAttempts = (seconds: number) =>
  new AppError('AUTH.TOO_MANY_ATTEMPTS', MESSAGES.tooManyAttempts, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(seconds))),
  });

/** A mailed link that is unknown, used or expired; a reset link says so in its own words. */
export const linkNoLongerValid = (purpose?: string) =>
  new AppError(
    'AUTH.LINK_EXPIRED',
    purpose === 'RESET_PASSWORD' ? MESSAGES.forgotPasswordTokenExpired : MESSAGES.linkNoLongerValid,
  );
export const invalidLoginAsToken = () => new AppError('AUTH.UNAUTHENTICATED', MESSAGES.invalidLoginAsToken);

/** Login-as is switched off: the route answers as if it did not exist (decision 0010). */
export const loginAsOff = () => new AppError('REQUEST.NOT_FOUND', MESSAGES.notFound);
export const supportKeyWrong = () => new AppError('AUTH.FORBIDDEN', MESSAGES.forbidden);

export const personNotFound = () => notFound('Person');
export const userNotFound = () => notFound('User');
export const familyMemberNotFound = () => new AppError('RESOURCE.NOT_FOUND', 'Family member not found');
export const cityRequired = (field: 'cityId' | 'priorCityId') => fieldInvalid(field, MESSAGES.cityRequired);
export const invalidImage = () => new AppError('FILE.INVALID_TYPE', MESSAGES.chooseValidImage);
export const imageTooLarge = () => new AppError('FILE.TOO_LARGE', IDENTITY_IMAGE_TOO_LARGE);

export const unsubscribeIdInvalid = () => badRequest(MESSAGES.invalidToken);
export const botCheckFailed = () => badRequest(MESSAGES.recaptchaFailed);

/** OAuth 2.0 error codes (RFC 6749 §4.1.2.1 and §5.2) the SMART endpoints answer with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'access_denied';

/**
 * A SMART/OAuth refusal: our vocabulary's body plus the `error` and `error_description` OAuth clients
 * read (fhirclient among them). A wrong client answers 401 with a Basic challenge, the rest 400.
 */
export class OAuthError extends AppError {
  constructor(
    readonly error: OAuthErrorCode,
    description: string,
  ) {
    super(
      error === 'invalid_client' ? 'AUTH.UNAUTHENTICATED' : 'REQUEST.VALIDATION_FAILED',
      description,
      undefined,
      error === 'invalid_client' ? { 'www-authenticate': 'Basic realm="smart"' } : undefined,
    );
  }
  override toBody() {
    return { ...super.toBody(), error: this.error, error_description: this.message };
  }
}
export const oauthError = (error: OAuthErrorCode, description: string) => new OAuthError(error, description);
export const consentRequestGone = () =>
  new AppError('RESOURCE.NOT_FOUND', 'This request has expired or was already answered');
export const connectedAppNotFound = () => notFound('Connected app');
