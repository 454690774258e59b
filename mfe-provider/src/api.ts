import { createRemoteApi } from '@portal/api';

/** The one RTK Query API of mfe-provider; each feature adds its endpoints beside its screens (*.api.ts). */
export const api = createRemoteApi('providerApi', [
  'DataRequests',
  'DataRequest',
  'Documents',
  'Records',
] as const);
