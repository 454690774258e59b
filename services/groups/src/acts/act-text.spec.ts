import { actionText } from './act-text';

describe('actionText', () => {
  it.each([
    ['requests.submitted', 'Requested records'],
    ['records.read', 'Viewed records'],
    ['records.self-upload-kept', 'Uploaded a record'],
    ['groups.member-invited', 'Invited a member'],
    ['groups.invite-accepted', 'Accepted the invitation'],
    ['records.something-new', 'Something new'],
    ['odd', 'Odd'],
  ])('%s reads %s', (action, text) => expect(actionText(action)).toBe(text));
});
