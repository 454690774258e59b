import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { AUTH_API, MESSAGES, NOTIFICATION_MNEMONICS } from '@portal/contracts';
import type { NotificationMnemonic } from '@portal/contracts';
import { fakeApi, renderAt, signIn } from '../components/testing';
import NotificationSettingsScreen from './NotificationSettingsScreen';

const GET = `GET ${AUTH_API.notificationSettings}`;
const POST = `POST ${AUTH_API.notificationSettings}`;
const switchOf = (m: NotificationMnemonic) => screen.getByTestId(`notification-${m}`) as HTMLInputElement;
const allOn = NOTIFICATION_MNEMONICS.map((mnemonic) => ({ mnemonic, value: true }));

const open = async (settings: { mnemonic: string; value: boolean }[]) => {
  const calls = fakeApi({
    [GET]: [200, settings],
    [POST]: (c) => [200, { message: MESSAGES.notificationSaved, settings: c.body.settings }],
  });
  renderAt('/settings/notifications', <NotificationSettingsScreen />);
  await screen.findByTestId('notification-ACCOUNT_NOTIFICATIONS');
  return calls;
};

describe('Notification settings', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });

  it('shows each group with its children, labelled; a missing value is off', async () => {
    await open([
      { mnemonic: 'REQUEST_NOTIFICATIONS', value: true },
      { mnemonic: 'REQUEST_COMPLETION_NOTIFICATION', value: true },
    ]);
    const group = screen.getByRole('group', { name: 'Request notifications' });
    expect(within(group).getByLabelText('Request notifications')).toBe(switchOf('REQUEST_NOTIFICATIONS'));
    expect(within(group).getByLabelText('A request of mine is completed')).toBe(
      switchOf('REQUEST_COMPLETION_NOTIFICATION'),
    );
    expect(switchOf('REQUEST_NOTIFICATIONS').checked).toBe(true);
    expect(switchOf('REQUEST_COMPLETION_NOTIFICATION').checked).toBe(true);
    expect(switchOf('REQUEST_SUBMITTION_NOTIFICATION').checked).toBe(false);
    expect(switchOf('ACCOUNT_NOTIFICATIONS').checked).toBe(false);
    expect(NOTIFICATION_MNEMONICS.every((m) => switchOf(m))).toBe(true);
  });

  it('turning a group off switches its children off and disables them; Save is enabled only after a change', async () => {
    await open(allOn);
    const save = screen.getByTestId('notification-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(switchOf('SHARING_NOTIFICATIONS'));
    for (const child of [
      'SHARING_INVITATION_SENT_NOTIFICATION',
      'SHARING_SHARED_WITH_ME_NOTIFICATION',
      'SHARING_SUCCESSFULLY_ACCESSED_NOTIFICATION',
    ] as const) {
      expect(switchOf(child).checked).toBe(false);
      expect(switchOf(child).disabled).toBe(true);
    }
    expect(switchOf('ACCOUNT_PASSWORD_CHANGED_NOTIFICATION').disabled).toBe(false);
    expect(save.disabled).toBe(false);
    // Back on: the children can be switched again; they stay off, which still differs from what is stored.
    fireEvent.click(switchOf('SHARING_NOTIFICATIONS'));
    expect(switchOf('SHARING_SHARED_WITH_ME_NOTIFICATION').disabled).toBe(false);
    expect(save.disabled).toBe(false);
  });

  it('children of a group stored off are disabled from the start', async () => {
    await open(allOn.map((s) => (s.mnemonic === 'ACCOUNT_NOTIFICATIONS' ? { ...s, value: false } : s)));
    expect(switchOf('ACCOUNT_EMAIL_ADDRESS_CHANGED_NOTIFICATION').disabled).toBe(true);
    expect(switchOf('ACCOUNT_EMAIL_ADDRESS_CHANGED_NOTIFICATION').checked).toBe(false);
  });

  it('saves every setting, shows the message and goes back', async () => {
    const calls = await open(allOn);
    fireEvent.click(switchOf('REQUEST_NOTIFICATIONS'));
    fireEvent.click(switchOf('ACCOUNT_PASSWORD_CHANGED_NOTIFICATION'));
    await act(async () => fireEvent.click(screen.getByTestId('notification-save')));
    const post = calls.find((c) => c.method === 'POST')!;
    const sent = Object.fromEntries(
      (post.body.settings as { mnemonic: string; value: boolean }[]).map((s) => [s.mnemonic, s.value]),
    );
    expect(Object.keys(sent)).toHaveLength(10);
    expect(sent).toMatchObject({
      REQUEST_NOTIFICATIONS: false,
      REQUEST_COMPLETION_NOTIFICATION: false,
      ACCOUNT_PASSWORD_CHANGED_NOTIFICATION: false,
      ACCOUNT_NOTIFICATIONS: true,
    });
    expect(await screen.findByText(MESSAGES.notificationSaved)).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/settings'));
  });
});
