import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { AUTH_API, MESSAGES } from '@portal/contracts';
import { getToken } from '@portal/session';
import { fakeApi, patientLogin, renderAt, signIn } from '../components/testing';
import LoginPasswordScreen from './LoginPasswordScreen';

const PUT_PASSWORD = `PUT ${AUTH_API.updatePassword}`;
const PUT_EMAIL = `PUT ${AUTH_API.updateEmail}`;
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const type = (testId: string, text: string) => {
  fireEvent.change(input(testId), { target: { value: text } });
  fireEvent.blur(input(testId));
};
const open = () => renderAt('/settings/login-password-setting', <LoginPasswordScreen />);
const fillPasswords = (current: string, next: string, confirm: string) => {
  fireEvent.click(screen.getByTestId('password-edit'));
  type('change-password-current', current);
  type('change-password-new', next);
  type('change-password-confirm', confirm);
};

describe('Login Password settings', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('shows the email and a masked password, each with Edit', () => {
    open();
    expect(screen.getByTestId('email-shown').textContent).toBe('ann@example.com');
    expect(screen.getByTestId('password-shown').textContent).toContain('••••••••');
    expect(screen.getByRole('button', { name: 'Edit email' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit password' })).toBeTruthy();
  });

  it('opens the email form or the password form, never both', () => {
    open();
    fireEvent.click(screen.getByTestId('email-edit'));
    expect(screen.getByTestId('new-email')).toBeTruthy();
    expect(screen.queryByTestId('change-password-form')).toBeNull();
    fireEvent.click(screen.getByTestId('password-edit'));
    expect(screen.getByTestId('change-password-current')).toBeTruthy();
    expect(screen.queryByTestId('new-email')).toBeNull();
    expect(screen.getByTestId('email-edit')).toBeTruthy();
    fireEvent.click(screen.getByTestId('email-edit'));
    expect(screen.queryByTestId('change-password-form')).toBeNull();
    fireEvent.click(screen.getByTestId('email-cancel'));
    expect(screen.queryByTestId('email-change-form')).toBeNull();
  });

  it('says "Passwords must match", strips spaces as typed and shows the rules', async () => {
    open();
    fillPasswords('Old pass1!', 'New Secret1!', 'NewSecret2!');
    expect(input('change-password-current').value).toBe('Oldpass1!');
    expect(input('change-password-new').value).toBe('NewSecret1!');
    expect(await screen.findByText(MESSAGES.passwordsMustMatch)).toBeTruthy();
    expect(screen.getByText(MESSAGES.passwordHelper)).toBeTruthy();
    type('change-password-confirm', 'NewSecret1!');
    await waitFor(() => expect(screen.queryByText(MESSAGES.passwordsMustMatch)).toBeNull());
    type('change-password-new', 'short');
    expect(await screen.findByText(MESSAGES.passwordMinLength)).toBeTruthy();
  });

  it('changes the password, keeps the new session and goes to all records', async () => {
    const calls = fakeApi({
      [PUT_PASSWORD]: [200, { message: MESSAGES.passwordChanged, ...patientLogin('fresh') }],
    });
    open();
    fillPasswords('OldPass1!', 'NewSecret1!', 'NewSecret1!');
    await act(async () => fireEvent.click(screen.getByTestId('change-password-save')));
    expect(calls[0].body).toEqual({
      currentPassword: 'OldPass1!',
      newPassword: 'NewSecret1!',
      confirmNewPassword: 'NewSecret1!',
    });
    await waitFor(() =>
      expect(screen.getByTestId('landed').textContent).toBe('/patient/my-records/all-requests'),
    );
    expect(getToken()).toBe('fresh');
    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeTruthy();
  });

  it('shows a wrong current password on its field', async () => {
    fakeApi({
      [PUT_PASSWORD]: [
        400,
        {
          statusCode: 400,
          code: 'REQUEST.VALIDATION_FAILED',
          message: MESSAGES.currentPasswordIncorrect,
          errors: { currentPassword: MESSAGES.currentPasswordIncorrect },
        },
      ],
    });
    open();
    fillPasswords('Wrong1!!', 'NewSecret1!', 'NewSecret1!');
    await act(async () => fireEvent.click(screen.getByTestId('change-password-save')));
    expect(await screen.findAllByText(MESSAGES.currentPasswordIncorrect)).toHaveLength(2); // the toast and the field
    expect(getToken()).toBe('tok');
  });

  it('logs out and goes to login when the session has expired', async () => {
    fakeApi({
      [PUT_PASSWORD]: [
        401,
        { statusCode: 401, code: 'AUTH.TOKEN_EXPIRED', message: MESSAGES.unauthenticated },
      ],
    });
    open();
    fillPasswords('OldPass1!', 'NewSecret1!', 'NewSecret1!');
    await act(async () => fireEvent.click(screen.getByTestId('change-password-save')));
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/login'));
    expect(getToken()).toBeNull();
  });

  it('asks for a valid new email before Confirm, then says a link was sent', async () => {
    const calls = fakeApi({ [PUT_EMAIL]: [200, { message: MESSAGES.emailChangeSent }] });
    open();
    fireEvent.click(screen.getByTestId('email-edit'));
    const confirm = screen.getByTestId('email-confirm') as HTMLButtonElement;
    await waitFor(() => expect(confirm.disabled).toBe(true));
    type('new-email', 'not-an-email');
    expect(await screen.findByText(MESSAGES.pleaseEnterValidEmail)).toBeTruthy();
    expect(confirm.disabled).toBe(true);
    type('new-email', '  ann.new@example.com');
    await waitFor(() => expect(confirm.disabled).toBe(false));
    await act(async () => fireEvent.click(confirm));
    expect(calls[0].body).toEqual({ newEmail: 'ann.new@example.com' });
    expect(await screen.findByText(MESSAGES.emailChangeSent)).toBeTruthy();
    expect(screen.queryByTestId('email-change-form')).toBeNull();
  });

  it('shows a taken email on the field', async () => {
    fakeApi({
      [PUT_EMAIL]: [409, { statusCode: 409, code: 'AUTH.EMAIL_TAKEN', message: MESSAGES.emailTaken }],
    });
    open();
    fireEvent.click(screen.getByTestId('email-edit'));
    type('new-email', 'bob@example.com');
    await waitFor(() =>
      expect((screen.getByTestId('email-confirm') as HTMLButtonElement).disabled).toBe(false),
    );
    await act(async () => fireEvent.click(screen.getByTestId('email-confirm')));
    expect(await screen.findAllByText(MESSAGES.emailTaken)).toHaveLength(2);
  });
});
