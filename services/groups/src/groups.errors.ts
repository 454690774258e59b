import { AppError, badRequest, fieldInvalid, forbidden, notFound } from '@portal/server-kit';

/** Every failure the groups context answers with, in the shared vocabulary. */

/** A group the caller is not staff of, or none: alike, so group ids cannot be probed. */
export const groupNotFound = () => notFound('Group');
/** A membership of a group the caller is not staff of, or none. */
export const memberNotFound = () => notFound('Member');
/** A membership id that is not the caller's own (accept, reject, leave). */
export const membershipNotFound = () => notFound('Membership');

/** Staff of the group, but the act is the group admin's. */
export const adminOnly = () => forbidden('Only a group admin can do this');
export const coordinatorsManagePatientsOnly = () =>
  forbidden('A medical coordinator manages patients only; ask a group admin');
export const patientConsentOnly = () =>
  forbidden('Only the patient can change the permissions they consented to; you can change the expiry');

export const choosePermission = () => fieldInvalid('permissions', 'Choose at least one permission');
export const alreadyMember = (email: string) =>
  new AppError(
    'RESOURCE.CONFLICT',
    `${email} is already a member of this group or has an invitation waiting`,
  );
export const notPending = () => badRequest('This invitation is no longer waiting for an answer');
export const invitationExpired = () => badRequest('This invitation has expired');
export const membershipEnded = () => badRequest('This membership has already ended');
export const patientGroupOnly = () => fieldInvalid('groupId', 'Members are added to a patient group');
export const adminGroupOnly = () =>
  fieldInvalid('adminGroupId', 'Patient groups are added to an admin group');
export const adminHoldsAll = () => badRequest('A group admin holds every permission');
export const useLeaveGroup = () => badRequest('To leave a group yourself, use Leave group');
export const invalidDate = (field: string, message: string) => fieldInvalid(field, message);
