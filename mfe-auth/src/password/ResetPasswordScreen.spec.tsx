import { screen, waitFor } from '@testing-library/react';
import { AUTH_API, MESSAGES } from '@portal/contracts';
import { fakeApi, renderAt, signIn } from '../components/testing';
import ResetPasswordScreen from './ResetPasswordScreen';

describe('Reset password without a token', () => {
  beforeEach(() => localStorage.clear());

  it('is the change-password form for a signed-in user', () => {
    signIn();
    renderAt('/reset-password', <ResetPasswordScreen />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Change password');
    expect(screen.getByTestId('change-password-current')).toBeTruthy();
    expect(screen.getByTestId('change-password-new')).toBeTruthy();
    expect(screen.getByTestId('change-password-confirm')).toBeTruthy();
  });

  it('sends anyone else to login', async () => {
    renderAt('/reset-password', <ResetPasswordScreen />);
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/login'));
  });
});

describe('Reset password with a forgot-password token', () => {
  beforeEach(() => localStorage.clear());

  it('says a dead token has expired (spec 000 §8) and goes home', async () => {
    const calls = fakeApi({
      [`GET ${AUTH_API.checkResetPasswordToken}`]: [
        410,
        { statusCode: 410, code: 'AUTH.LINK_EXPIRED', message: MESSAGES.linkNoLongerValid },
      ],
    });
    renderAt('/reset-password?token=bogus', <ResetPasswordScreen />, '/reset-password');
    expect(await screen.findByText(MESSAGES.forgotPasswordTokenExpired)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/home'));
    expect(calls.map((c) => c.query.get('token'))).toEqual(['bogus']);
  });

  it('shows the new-password form for a live token', async () => {
    fakeApi({
      [`GET ${AUTH_API.checkResetPasswordToken}`]: [200, { valid: true, purpose: 'RESET_PASSWORD' }],
    });
    renderAt('/reset-password?token=live', <ResetPasswordScreen />, '/reset-password');
    expect(await screen.findByTestId('reset-newPassword')).toBeTruthy();
    expect(screen.queryByText(MESSAGES.forgotPasswordTokenExpired)).toBeNull();
  });
});
