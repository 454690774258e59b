import { createRemoteApi } from '@portal/api';

/** The one RTK Query API of mfe-records; each feature adds its endpoints beside its screens (*.api.ts). */
export const api = createRemoteApi('recordsApi');
