import { createRemoteApi } from '@portal/api';

/** The one RTK Query API of mfe-sharing; each feature adds its endpoints beside its screens (*.api.ts). */
export const api = createRemoteApi('sharingApi');
