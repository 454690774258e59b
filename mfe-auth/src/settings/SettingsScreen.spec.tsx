import { screen } from '@testing-library/react';
import { MESSAGES, PATHS, SMART_PAGES } from '@portal/contracts';
import { saveLogin, setRouteTable } from '@portal/session';
import { patientLogin, renderAt, signIn } from '../components/testing';
import SettingsScreen from './SettingsScreen';

const manageLinks = () =>
  ['personal-information', 'login-password', 'notification-setting'].map((key) =>
    screen.getByTestId(`settings-manage-${key}`).getAttribute('href'),
  );

describe('Settings', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => setRouteTable('new'));

  it('says when the address is not confirmed yet, above the cards, with the way to a new link', () => {
    const login = patientLogin();
    saveLogin({ ...login, user: { ...login.user, emailVerified: false } });
    renderAt('/settings', <SettingsScreen />);
    expect(screen.getByTestId('email-confirm-notice').textContent).toContain(MESSAGES.confirmEmailTitle);
    expect(screen.getByTestId('email-confirm-resend')).toBeTruthy();
  });

  it('shows no notice once the address is confirmed', () => {
    const login = patientLogin();
    saveLogin({ ...login, user: { ...login.user, emailVerified: true } });
    renderAt('/settings', <SettingsScreen />);
    expect(screen.queryByTestId('email-confirm-notice')).toBeNull();
  });

  it('has three cards, each with a Manage button', () => {
    renderAt('/settings', <SettingsScreen />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Personal Information',
      'Login Password',
      'Notification Setting',
    ]);
    expect(screen.getByRole('link', { name: 'Manage Notification Setting' }).textContent).toBe('Manage');
    expect(manageLinks()).toEqual([
      '/settings/personal-information',
      '/settings/login-password-setting',
      '/settings/notifications',
    ]);
  });

  it('links to the groups and coordinators page (issue 26)', () => {
    renderAt('/settings', <SettingsScreen />);
    expect(screen.getByRole('link', { name: 'Groups and coordinators' }).getAttribute('href')).toBe(
      '/pendingApproval',
    );
  });

  it.each(['new', 'legacy'] as const)(
    'links a patient to Connected apps and Download everything (issue 29), %s table',
    (table) => {
      setRouteTable(table);
      signIn();
      renderAt(PATHS[table].settings, <SettingsScreen />);
      expect(screen.getByRole('link', { name: 'Connected apps' }).getAttribute('href')).toBe(
        SMART_PAGES.connectedApps,
      );
      expect(screen.getByRole('link', { name: 'Download everything' }).getAttribute('href')).toBe(
        SMART_PAGES.backup,
      );
    },
  );

  it('shows no such links to a provider (the pages are a patient’s)', () => {
    const login = patientLogin();
    saveLogin({
      ...login,
      user: { ...login.user, role: { mnemonic: 'EXTERNAL_PROVIDER' }, roles: ['EXTERNAL_PROVIDER'] },
    });
    renderAt('/provider/settings', <SettingsScreen />);
    expect(screen.queryByTestId('settings-connected-apps-link')).toBeNull();
    expect(screen.queryByTestId('settings-backup-link')).toBeNull();
  });

  it('links to the older table’s pages when it is active', () => {
    setRouteTable('legacy');
    renderAt('/myProfile', <SettingsScreen />);
    expect(manageLinks()).toEqual(['/personalInfo', '/changePassword', '/notifications']);
  });
});
