import { actingDecision, type KeptMembership } from './member.rule';

const now = new Date('2026-11-26T12:00:00Z');
const member = (over: Partial<KeptMembership> = {}): KeptMembership => ({
  groupId: 'g1',
  parentGroupId: 'a1',
  userId: 'p1',
  role: 'PATIENT',
  status: 'ACTIVE',
  permissions: ['VIEW_RECORDS', 'UPLOAD_RECORDS'],
  expiresAt: null,
  ...over,
});
const coordinator = (over: Partial<KeptMembership> = {}): KeptMembership =>
  member({ userId: 'c1', role: 'MEDICAL_COORDINATOR', permissions: ['VIEW_RECORDS'], ...over });

describe('actingDecision (the member rule)', () => {
  it('allows a permission the coordinator was given and the patient consented to', () => {
    expect(actingDecision([coordinator()], member(), 'VIEW_RECORDS', now)).toBe('allowed');
  });

  it('forbids a permission missing on either side', () => {
    expect(actingDecision([coordinator()], member(), 'UPLOAD_RECORDS', now)).toBe('forbidden');
    expect(
      actingDecision([coordinator({ permissions: ['SHARE_RECORDS'] })], member(), 'SHARE_RECORDS', now),
    ).toBe('forbidden');
  });

  it('knows no member of another group, nor one who left, was removed, is pending or expired', () => {
    expect(actingDecision([coordinator({ groupId: 'g2' })], member(), 'VIEW_RECORDS', now)).toBe('none');
    for (const status of ['PENDING', 'LEFT', 'REMOVED', 'REJECTED'])
      expect(actingDecision([coordinator()], member({ status }), 'VIEW_RECORDS', now)).toBe('none');
    expect(
      actingDecision([coordinator()], member({ expiresAt: '2026-11-26T11:59:59Z' }), 'VIEW_RECORDS', now),
    ).toBe('none');
    expect(actingDecision([coordinator({ status: 'REMOVED' })], member(), 'VIEW_RECORDS', now)).toBe('none');
    expect(actingDecision([coordinator()], null, 'VIEW_RECORDS', now)).toBe('none');
  });

  it('never acts for staff: only a PATIENT membership can be acted for', () => {
    expect(
      actingDecision([coordinator()], member({ role: 'MEDICAL_COORDINATOR' }), 'VIEW_RECORDS', now),
    ).toBe('none');
  });

  it('lets an admin of the group or of its admin group act within what the patient consented to', () => {
    const admin = coordinator({ role: 'GROUP_ADMIN', groupId: 'a1', parentGroupId: null, permissions: [] });
    expect(actingDecision([admin], member(), 'UPLOAD_RECORDS', now)).toBe('allowed');
    expect(actingDecision([admin], member(), 'SHARE_RECORDS', now)).toBe('forbidden');
    expect(actingDecision([{ ...admin, groupId: 'a2' }], member(), 'VIEW_RECORDS', now)).toBe('none');
  });
});
