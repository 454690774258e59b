import { getRouteTable } from '@portal/session';

/**
 * The three pages behind the Settings cards, in the active route table. The older table has no
 * login-password page of its own: its change-password route draws the same screen.
 */
const SETTINGS_PATHS = {
  new: {
    personalInformation: '/settings/personal-information',
    loginPassword: '/settings/login-password-setting',
    notifications: '/settings/notifications',
  },
  legacy: {
    personalInformation: '/personalInfo',
    loginPassword: '/changePassword',
    notifications: '/notifications',
  },
} as const;

export const settingsPaths = () => SETTINGS_PATHS[getRouteTable()];
