import { screen } from '@testing-library/react';
import { MESSAGES, SHARING_API, type InvitationView } from '@portal/contracts';
import { saveLogin } from '@portal/session';
import { fakeApi, patientLogin, renderAt } from '../components/testing';
import { InvitationSignup } from './InvitationSignup';

const view = (over: Partial<InvitationView> = {}): InvitationView => ({ email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', sharedBy: 'Pat Jordan', hasAccount: false, ...over });
const open = (answer: [number, unknown]) => {
  fakeApi({ [`GET ${SHARING_API.invitation('tok')}`]: answer });
  renderAt('/signup?invitation=tok', <InvitationSignup token="tok" />);
};
const signInAs = (emailVerified: boolean) => {
  const login = patientLogin();
  saveLogin({ ...login, user: { ...login.user, emailVerified } });
};

describe('Invitation view', () => {
  beforeEach(() => localStorage.clear());

  it('an address without an account signs up with the invited address', async () => {
    open([200, view()]);
    expect((await screen.findByTestId('invitation-shared-by')).textContent).toBe('Pat Jordan shared medical records with you.');
    expect((screen.getByTestId('signup-email') as HTMLInputElement).value).toBe('ann@example.com');
    expect(screen.queryByTestId('email-confirm-notice')).toBeNull();
  });

  it('an address with an account signs in to see them', async () => {
    open([200, view({ hasAccount: true })]);
    expect((await screen.findByTestId('invitation-sign-in')).textContent).toBe('Sign in to see them');
    expect(screen.queryByTestId('email-confirm-notice')).toBeNull();
  });

  it('signed in with the invited address, not confirmed yet: the notice says the records come once it is', async () => {
    signInAs(false);
    open([200, view({ hasAccount: true })]);
    expect((await screen.findByTestId('email-confirm-notice')).textContent).toContain(MESSAGES.confirmEmailNotice);
    expect(screen.getByTestId('email-confirm-resend')).toBeTruthy();
  });

  it('signed in with another address, or confirmed: no notice', async () => {
    signInAs(false);
    open([200, view({ hasAccount: true, email: 'other@example.com' })]);
    await screen.findByTestId('invitation-sign-in');
    expect(screen.queryByTestId('email-confirm-notice')).toBeNull();
  });

  it('a link that no longer works says so', async () => {
    open([400, { statusCode: 400, code: 'REQUEST.VALIDATION_FAILED', message: MESSAGES.invitationUnavailable }]);
    expect((await screen.findByTestId('invitation-unavailable')).textContent).toBe(MESSAGES.invitationUnavailable);
  });
});
