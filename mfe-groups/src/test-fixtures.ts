/** Builders of the groups context's answers for mfe-groups' unit tests (never imported by the app). */
import type { Group, GroupDetails, GroupLogEntry, GroupMember } from '@portal/contracts';

export const G1 = '11111111-1111-4111-8111-111111111111';
export const A1 = '22222222-2222-4222-8222-222222222222';

export const group = (over: Partial<Group> = {}): Group => ({
  id: G1,
  name: 'Care team',
  organization_type: { mnemonic: 'PATIENT_GROUP' },
  patientCount: 2,
  parentId: A1,
  myRole: 'MEDICAL_COORDINATOR',
  ...over,
});

export const member = (i: number, over: Partial<GroupMember> = {}): GroupMember => ({
  membershipId: `m${i}`,
  userId: `u${i}`,
  email: `p${i}@example.com`,
  firstName: `Pat${i}`,
  lastName: 'Lee',
  role: 'PATIENT',
  status: 'ACTIVE',
  permissions: ['VIEW_RECORDS', 'REQUEST_RECORDS', 'UPLOAD_RECORDS', 'EDIT_PERSONAL_INFO', 'SHARE_RECORDS'],
  expiresAt: null,
  invitedAt: '2026-01-02T10:00:00.000Z',
  respondedAt: '2026-01-03T10:00:00.000Z',
  identityVerified: true,
  ...over,
});

export const details = (over: Partial<GroupDetails> = {}): GroupDetails => ({
  id: G1,
  name: 'Care team',
  description: 'Patients of the north clinic',
  contactEmail: 'care@example.com',
  contactPhone: '555 0100',
  organization_type: { mnemonic: 'PATIENT_GROUP' },
  parentId: A1,
  parentName: 'North admin',
  myRole: 'MEDICAL_COORDINATOR',
  myPermissions: ['VIEW_RECORDS', 'REQUEST_RECORDS'],
  members: [member(1), member(2, { status: 'PENDING', userId: null, respondedAt: null })],
  coordinators: [
    member(9, {
      role: 'MEDICAL_COORDINATOR',
      firstName: 'Cora',
      lastName: 'Ord',
      permissions: ['VIEW_RECORDS'],
    }),
  ],
  patientGroups: [],
  ...over,
});

export const logEntry = (i: number, over: Partial<GroupLogEntry> = {}): GroupLogEntry => ({
  id: `l${i}`,
  at: '2026-02-01T09:00:00.000Z',
  actorId: 'u9',
  actorName: 'Cora Ord',
  memberId: 'u1',
  memberName: 'Pat1 Lee',
  groupId: G1,
  groupName: 'Care team',
  action: 'requests.patient-request-submitted',
  actionText: 'Requested records',
  permission: 'REQUEST_RECORDS',
  context: 'requests',
  resourceType: 'patient_request',
  resourceId: 'r1',
  ...over,
});
