import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AUTH_API, MESSAGES } from '@portal/contracts';
import { getUser, saveLogin } from '@portal/session';
import { EmailConfirmNotice } from './email-confirm-notice';
import { fakeApi, patientLogin } from './test/remote-testing';

const RESEND = `POST ${AUTH_API.resendVerification}`;
const signInWith = (emailVerified: boolean | undefined) => {
  const login = patientLogin();
  saveLogin({ ...login, user: { ...login.user, emailVerified } });
};

describe('EmailConfirmNotice', () => {
  beforeEach(() => localStorage.clear());

  it('shows nothing signed out, to a proved address, or to a session stored before the flag existed', () => {
    const { container, rerender } = render(<EmailConfirmNotice />);
    expect(container.innerHTML).toBe('');
    for (const flag of [true, undefined]) {
      act(() => signInWith(flag));
      rerender(<EmailConfirmNotice />);
      expect(container.innerHTML).toBe('');
    }
  });

  it('tells an unproved address why shared records do not show, and mails the link again', async () => {
    signInWith(false);
    const calls = fakeApi({ [RESEND]: [200, { message: MESSAGES.verificationSent, emailVerified: false }] });
    render(<EmailConfirmNotice />);
    const notice = screen.getByTestId('email-confirm-notice');
    expect(notice.textContent).toContain(MESSAGES.confirmEmailTitle);
    expect(notice.textContent).toContain(MESSAGES.confirmEmailNotice);
    expect(notice.textContent).toContain('ann@example.com');
    fireEvent.click(screen.getByTestId('email-confirm-resend'));
    expect((await screen.findByTestId('email-confirm-sent')).textContent).toBe(MESSAGES.verificationSent);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([RESEND]);
    expect(screen.getByTestId('email-confirm-notice')).toBeTruthy();
  });

  it('goes away when the answer says the address was proved meanwhile, and the session learns it', async () => {
    signInWith(false);
    fakeApi({ [RESEND]: [200, { message: MESSAGES.emailAlreadyVerified, emailVerified: true }] });
    render(<EmailConfirmNotice />);
    fireEvent.click(screen.getByTestId('email-confirm-resend'));
    await waitFor(() => expect(screen.queryByTestId('email-confirm-notice')).toBeNull());
    expect(getUser()?.emailVerified).toBe(true);
  });

  it("shows the server's message when the link cannot be sent (too many asked)", async () => {
    signInWith(false);
    fakeApi({
      [RESEND]: [429, { statusCode: 429, code: 'AUTH.TOO_MANY_ATTEMPTS', message: MESSAGES.tooManyAttempts }],
    });
    render(<EmailConfirmNotice />);
    fireEvent.click(screen.getByTestId('email-confirm-resend'));
    expect((await screen.findByTestId('email-confirm-error')).textContent).toBe(MESSAGES.tooManyAttempts);
    expect((screen.getByTestId('email-confirm-resend') as HTMLButtonElement).disabled).toBe(false);
  });
});
