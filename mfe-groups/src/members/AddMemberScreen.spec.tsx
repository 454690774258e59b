import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GROUPS_API, GROUP_MESSAGES } from '@portal/contracts';
import { fakeApi, renderAt, signIn } from '../testing';
import { G1, details, member } from '../test-fixtures';
import { AddMemberScreen } from './AddMemberScreen';

describe('adding a member', () => {
  beforeEach(() => signIn());

  it('checks the fields with the server’s rules, then invites a patient with the permissions asked', async () => {
    const calls = fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [200, details()],
      [`POST ${GROUPS_API.addMember}`]: [200, member(5, { status: 'PENDING' })],
    });
    renderAt(`/groups/${G1}/addMembers`, <AddMemberScreen newUser={false} />, '/groups/:groupId/addMembers');
    expect((await screen.findByTestId('add-member-help')).textContent).toBe(GROUP_MESSAGES.addMemberHelp);
    fireEvent.change(screen.getByTestId('member-email'), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByTestId('member-submit'));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(screen.getByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Last name is required')).toBeTruthy();
    // Plain words for every permission.
    expect(screen.getByText('Send records requests to facilities.')).toBeTruthy();

    fireEvent.change(screen.getByTestId('member-email'), { target: { value: 'Pat5@Example.com' } });
    fireEvent.change(screen.getByTestId('member-firstName'), { target: { value: 'Pat5' } });
    fireEvent.change(screen.getByTestId('member-lastName'), { target: { value: 'Lee' } });
    fireEvent.click(screen.getByTestId('permissions-VIEW_RECORDS'));
    fireEvent.click(screen.getByTestId('permissions-UPLOAD_RECORDS'));
    fireEvent.change(screen.getByTestId('member-expiresAt'), { target: { value: '2099-12-31' } });
    fireEvent.click(screen.getByTestId('member-submit'));
    await waitFor(() =>
      expect(calls.find((c) => c.path === GROUPS_API.addMember)?.body).toEqual({
        groupId: G1,
        role: 'PATIENT',
        email: 'pat5@example.com',
        firstName: 'Pat5',
        lastName: 'Lee',
        permissions: ['VIEW_RECORDS', 'UPLOAD_RECORDS'],
        expiresAt: '2099-12-31',
      }),
    );
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe(`/groups/${G1}`));
    expect(await screen.findByText(GROUP_MESSAGES.inviteSent)).toBeTruthy();
  });

  it('refuses a past expiry, and shows the server’s field errors on their fields', async () => {
    fakeApi({
      [`GET ${GROUPS_API.getDetails}`]: [200, details()],
      [`POST ${GROUPS_API.addMember}`]: [
        400,
        {
          statusCode: 400,
          code: 'VALIDATION.FAILED',
          message: 'Check the form',
          errors: { email: 'Already a member' },
        },
      ],
    });
    renderAt(`/groups/${G1}/createNewUser`, <AddMemberScreen newUser />, '/groups/:groupId/createNewUser');
    expect((await screen.findByTestId('add-member-help')).textContent).toBe(GROUP_MESSAGES.createNewUserHelp);
    fireEvent.change(screen.getByTestId('member-email'), { target: { value: 'p1@example.com' } });
    fireEvent.change(screen.getByTestId('member-firstName'), { target: { value: 'Pat1' } });
    fireEvent.change(screen.getByTestId('member-lastName'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByTestId('member-expiresAt'), { target: { value: '2020-01-01' } });
    fireEvent.click(screen.getByTestId('member-submit'));
    expect(await screen.findByText('Expiry must be after today')).toBeTruthy();
    fireEvent.change(screen.getByTestId('member-expiresAt'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('member-submit'));
    expect(await screen.findByText('Already a member')).toBeTruthy();
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});
