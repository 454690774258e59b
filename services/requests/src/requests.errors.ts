import { AppError, fieldInvalid, notFound } from '@portal/server-kit';
import { MESSAGES } from '@portal/contracts';

/** Every failure the requests context answers with, in the shared vocabulary. */
export const custodianNotFound = () => notFound('Custodian');
/** Another user's request answers exactly like a missing one, so ids cannot be probed. */
export const patientRequestNotFound = () => notFound('Patient request');
export const custodianAliasNotFound = () =>
  fieldInvalid('custodianAliasId', 'The facility has no such alias');
export const mrnRequired = () => fieldInvalid('mrn', MESSAGES.mrnRequired);
export const recordTypeNotOffered = (type: string) =>
  fieldInvalid('docReqType', `The facility does not release ${type}`);
export const bodyPartNotOffered = (part: string) =>
  fieldInvalid('bodyParts', `The facility does not offer the body part ${part}`);
/** A key the wizard's upload form did not hand out for that kind of file. */
export const uploadKeyInvalid = (field: string) =>
  fieldInvalid(field, 'The file was not uploaded through the wizard');
export const uploadsRateLimited = (retryAfterSeconds: number) =>
  new AppError('REQUEST.RATE_LIMITED', MESSAGES.tooManyAttempts, undefined, {
    'retry-after': String(retryAfterSeconds),
  });
/** A facility the patient named takes one request: its one-time account must open that request only. */
export const unlistedFacilityUsed = () => new AppError('RESOURCE.CONFLICT', MESSAGES.unlistedFacilityUsed);
/** Issue 30: a facility's request fee outside the rule (custodianRequestFeeSchema). */
export const requestFeeInvalid = (message: string) => fieldInvalid('requestFee', message);
/** Issue 30: nothing of a request reaches its facility before its fee is paid. */
export const requestFeeUnpaid = () => new AppError('RESOURCE.CONFLICT', MESSAGES.requestFeeUnpaid);
