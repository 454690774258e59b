import { screen, waitFor } from '@testing-library/react';
import { renderAt, signIn } from '../components/testing';
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
