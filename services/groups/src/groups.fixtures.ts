import { GROUP_PERMISSIONS } from '@portal/contracts';
import type { StaffView } from './groups/group-access';
import type { GroupRow } from './groups/group.repository';
import type { MembershipRow } from './memberships/membership.repository';
import type { PersonRow } from './people/people.repository';

/** A patient group g1 under admin group a1, for unit specs. */
export const aGroup = (over: Partial<GroupRow> = {}): GroupRow => ({
  id: 'g1',
  name: 'Cardiology Patients',
  organization_type: 'PATIENT_GROUP',
  parent_id: 'a1',
  description: '',
  contact_email: '',
  contact_phone: '',
  ...over,
});

/** The caller as staff of g1: a coordinator with view and request, or an admin with everything. */
export const staffOf = (role: StaffView['role'], over: Partial<StaffView> = {}): StaffView => ({
  group: aGroup(),
  role,
  permissions: role === 'GROUP_ADMIN' ? [...GROUP_PERMISSIONS] : ['VIEW_RECORDS', 'REQUEST_RECORDS'],
  ...over,
});

/** Patient p1's pending membership m1 of g1. */
export const aMembership = (over: Partial<MembershipRow> = {}): MembershipRow => ({
  id: 'm1',
  group_id: 'g1',
  user_id: 'p1',
  email: 'pat@example.com',
  first_name: 'Pat',
  last_name: 'Jordan',
  role: 'PATIENT',
  status: 'PENDING',
  permissions: ['VIEW_RECORDS'],
  expires_at: null,
  invited_by: 'c1',
  invited_at: new Date('2026-01-01T00:00:00Z'),
  responded_at: null,
  reminded_at: null,
  version: '1',
  ...over,
});

export const aPerson = (over: Partial<PersonRow> = {}): PersonRow => ({
  user_id: 'p1',
  person_id: 'person-1',
  email: 'pat@example.com',
  first_name: 'Pat',
  last_name: 'Jordan',
  email_verified: true,
  identity_saved: false,
  ...over,
});
