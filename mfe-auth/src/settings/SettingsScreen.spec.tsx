import { screen } from '@testing-library/react';
import { setRouteTable } from '@portal/session';
import { renderAt } from '../components/testing';
import SettingsScreen from './SettingsScreen';

const manageLinks = () =>
  ['personal-information', 'login-password', 'notification-setting'].map((key) =>
    screen.getByTestId(`settings-manage-${key}`).getAttribute('href'),
  );

describe('Settings', () => {
  afterEach(() => setRouteTable('new'));

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

  it('links to the older table’s pages when it is active', () => {
    setRouteTable('legacy');
    renderAt('/myProfile', <SettingsScreen />);
    expect(manageLinks()).toEqual(['/personalInfo', '/changePassword', '/notifications']);
  });
});
