/** yup schemas of the groups context: the screens and the service validate with the same rules. */
import * as yup from 'yup';
import { emailString } from '../email';
import { GROUP_PAGE_SIZES } from './api';
import { GROUP_PERMISSIONS, type GroupPermission } from './types';

const uuid = (label: string) =>
  yup.string().trim().uuid(`${label} must be a uuid`).required(`${label} is required`);
const text = (max: number) =>
  yup
    .string()
    .transform((v) => (typeof v === 'string' ? v.trim() : v))
    .max(max, `At most ${max} characters`);
const permissions = () =>
  yup
    .array(
      yup
        .string()
        .oneOf([...GROUP_PERMISSIONS], 'Unknown permission')
        .required(),
    )
    .max(GROUP_PERMISSIONS.length)
    .default([])
    .transform((v: unknown) => (Array.isArray(v) ? [...new Set(v)] : v)) as unknown as yup.ArraySchema<
    GroupPermission[],
    yup.AnyObject,
    GroupPermission[]
  >;
/** An expiry is a future date or none; a past one would give a membership that never starts. */
const expiry = () =>
  yup
    .string()
    .nullable()
    .default(null)
    .matches(/^\d{4}-\d{2}-\d{2}$/, {
      message: 'Expiry must be a date (YYYY-MM-DD)',
      excludeEmptyString: true,
    })
    .test('future', 'Expiry must be after today', (v) => !v || Date.parse(`${v}T23:59:59Z`) > Date.now());

export const groupIdQuerySchema = yup.object({ groupId: uuid('groupId') });

/** A group's own fields (updateGroupInfo, addPatientGroup). */
const groupFields = {
  name: text(120).required('Group name is required'),
  description: text(1000).default(''),
  contactEmail: yup
    .string()
    .trim()
    .default('')
    .test('email', 'Enter a valid e-mail address', (v) => !v || emailString('x').isValidSync(v)),
  contactPhone: text(40)
    .default('')
    .matches(/^[0-9+()\-. ]*$/, 'Enter a valid phone number'),
};

export const updateGroupInfoSchema = yup.object({ groupId: uuid('groupId'), ...groupFields });
export type UpdateGroupInfoInput = yup.InferType<typeof updateGroupInfoSchema>;

export const addPatientGroupSchema = yup.object({ adminGroupId: uuid('adminGroupId'), ...groupFields });
export type AddPatientGroupInput = yup.InferType<typeof addPatientGroupSchema>;

/**
 * Invite a person (addMember; /addMembers and /createNewUser fill it): by address; a person with no
 * account yet gets a sign-up link, and the invitation waits for the proved account of that address.
 */
export const addMemberSchema = yup.object({
  groupId: uuid('groupId'),
  email: emailString('Enter a valid e-mail address').lowercase().required('E-mail is required'),
  firstName: text(100).required('First name is required'),
  lastName: text(100).required('Last name is required'),
  role: yup
    .string()
    .oneOf(['PATIENT', 'MEDICAL_COORDINATOR'] as const, 'Role must be PATIENT or MEDICAL_COORDINATOR')
    .required('Role is required'),
  permissions: permissions(),
  expiresAt: expiry(),
});
export type AddMemberInput = yup.InferType<typeof addMemberSchema>;

/** One membership of one group (deleteMember, sendMemberInvite, acceptInvite, rejectInvite, leaveGroup). */
export const membershipSchema = yup.object({ membershipId: uuid('membershipId') });
export type MembershipInput = yup.InferType<typeof membershipSchema>;

/** A coordinator's permissions or a membership's expiry (updateDetails, the admin's permissions page). */
export const updateDetailsSchema = yup.object({
  membershipId: uuid('membershipId'),
  permissions: permissions(),
  expiresAt: expiry(),
});
export type UpdateDetailsInput = yup.InferType<typeof updateDetailsSchema>;

const paging = {
  page: yup.number().integer().min(1).max(100_000).default(1),
  size: yup
    .number()
    .oneOf([...GROUP_PAGE_SIZES], `Page size must be one of ${GROUP_PAGE_SIZES.join(', ')}`)
    .default(25),
};
export const pageQuerySchema = yup.object(paging);
export type PageQuery = yup.InferType<typeof pageQuerySchema>;

/** getLogs: one group's log, filtered by member, coordinator, action and dates, paged. */
export const groupLogQuerySchema = yup.object({
  groupId: uuid('groupId'),
  memberId: yup.string().trim().uuid('memberId must be a uuid').optional(),
  actorId: yup.string().trim().uuid('actorId must be a uuid').optional(),
  action: text(100).optional(),
  from: yup
    .string()
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'from must be a date (YYYY-MM-DD)')
    .optional(),
  to: yup
    .string()
    .matches(/^\d{4}-\d{2}-\d{2}$/, 'to must be a date (YYYY-MM-DD)')
    .optional(),
  ...paging,
});
export type GroupLogQuery = yup.InferType<typeof groupLogQuerySchema>;

/** The coordinator's worklist, across all their groups or one. */
export const worklistQuerySchema = yup.object({
  groupId: yup.string().trim().uuid('groupId must be a uuid').optional(),
  ...paging,
});
export type WorklistQuery = yup.InferType<typeof worklistQuerySchema>;
