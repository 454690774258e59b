import { BILLING_MESSAGES } from '@portal/contracts';
import { AppError, badRequest, forbidden, notFound } from '@portal/server-kit';

/** Every failure the billing context answers with, in the shared vocabulary. */

/** The processor is down, slow or not configured: nothing was changed here; try again. */
export const processorUnavailable = () =>
  new AppError('UPSTREAM.UNAVAILABLE', BILLING_MESSAGES.processorDown, undefined, { 'Retry-After': '30' });
/** A webhook whose signature does not verify, or is older than the tolerance: never applied. */
export const webhookRefused = () => badRequest('The webhook signature could not be verified');

export const alreadySubscribed = () => new AppError('RESOURCE.CONFLICT', BILLING_MESSAGES.alreadySubscribed);
export const noPlan = () => notFound('Storage plan');
export const samePlan = () => badRequest('That is your plan already');
/** A transaction, receipt or fee that is not the caller's, or none: alike, so ids cannot be probed. */
export const transactionNotFound = () => notFound('Payment');
export const receiptNotFound = () => notFound('Receipt');
export const requestFeeNotFound = () => notFound('Request fee');
export const feeNotDue = () => new AppError('RESOURCE.CONFLICT', BILLING_MESSAGES.feeNotDue);
export const groupNotFound = () => notFound('Group');
export const groupAdminOnly = () => forbidden('Only a group admin can manage the group’s seats');
export const groupAlreadySponsored = () =>
  new AppError('RESOURCE.CONFLICT', 'This group already has a seat plan');
export const noPatientsToCover = () => badRequest('The group has no patients to cover yet');
