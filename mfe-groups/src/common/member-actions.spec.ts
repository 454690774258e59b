import { GROUP_MESSAGES } from '@portal/contracts';
import { member } from '../test-fixtures';
import { allowedActions, refusal } from './member-actions';

describe('what a coordinator may open for a member', () => {
  it('needs the permission on both sides: the coordinator’s and the member’s consent', () => {
    const m = member(1, { permissions: ['VIEW_RECORDS', 'UPLOAD_RECORDS'] });
    expect(allowedActions(m, ['VIEW_RECORDS', 'REQUEST_RECORDS']).map((a) => a.suffix)).toEqual([
      'info',
      'openRequests',
      'myRecords',
    ]);
    expect(refusal(m, 'request', ['VIEW_RECORDS', 'REQUEST_RECORDS'])).toBe(GROUP_MESSAGES.missingPermission);
    expect(refusal(m, 'uploadImages', ['UPLOAD_RECORDS'])).toBeNull();
  });

  it('opens nothing for a member who has not accepted, has left or whose membership expired', () => {
    const all = ['VIEW_RECORDS', 'REQUEST_RECORDS', 'UPLOAD_RECORDS', 'EDIT_PERSONAL_INFO'] as const;
    for (const m of [
      member(1, { status: 'PENDING' }),
      member(1, { status: 'LEFT' }),
      member(1, { status: 'REMOVED' }),
      member(1, { userId: null }),
      member(1, { expiresAt: '2020-01-01' }),
    ]) {
      expect(allowedActions(m, all)).toEqual([]);
      expect(refusal(m, 'myRecords', all)).toBe(GROUP_MESSAGES.notActive);
    }
    expect(refusal(undefined, 'info', all)).toBe(GROUP_MESSAGES.memberNotFound);
  });
});
