import { createRemoteApi } from '@portal/api';

/** The one RTK Query API of mfe-auth; each feature adds its endpoints beside its screens (*.api.ts). */
export const api = createRemoteApi('authApi', [
  'Person',
  'FamilyMembers',
  'NotificationSettings',
  'ConnectedApps',
  'Backup',
  'Subscription',
  'Receipts',
  'RequestFee',
  'GroupSeats',
]);
