import { screen } from '@testing-library/react';
import { MESSAGES, SHARING_API, type InvitationView } from '@portal/contracts';
import { fakeApi, renderAt } from '../components/testing';
import { InvitationSignup } from './InvitationSignup';

const view = (over: Partial<InvitationView> = {}): InvitationView => ({
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  sharedBy: 'Pat Jordan',
  hasAccount: false,
  ...over,
});
const open = (answer: [number, unknown]) => {
  fakeApi({ [`GET ${SHARING_API.invitation('tok')}`]: answer });
  renderAt('/signup?invitation=tok', <InvitationSignup token="tok" />);
};

describe('Invitation view', () => {
  beforeEach(() => localStorage.clear());

  it('an address without an account signs up with the invited address', async () => {
    open([200, view()]);
    expect((await screen.findByTestId('invitation-shared-by')).textContent).toBe(
      'Pat Jordan shared medical records with you.',
    );
    expect((screen.getByTestId('signup-email') as HTMLInputElement).value).toBe('ann@example.com');
    expect(screen.queryByTestId('invitation-needs-proof')).toBeNull();
  });

  it('an address with an account signs in to see them; they appear once the address is confirmed', async () => {
    open([200, view({ hasAccount: true })]);
    expect((await screen.findByTestId('invitation-sign-in')).textContent).toBe('Sign in to see them');
    expect(screen.getByTestId('invitation-needs-proof').textContent).toBe(MESSAGES.invitationNeedsProof);
    expect(screen.queryByTestId('signup-submit')).toBeNull();
  });

  it('a link that no longer works says so', async () => {
    open([
      400,
      { statusCode: 400, code: 'REQUEST.VALIDATION_FAILED', message: MESSAGES.invitationUnavailable },
    ]);
    expect((await screen.findByTestId('invitation-unavailable')).textContent).toBe(
      MESSAGES.invitationUnavailable,
    );
  });
});
