import { createRemoteApi } from '@portal/api';

/** The one RTK Query API of mfe-request-wizard; each feature adds its endpoints beside its screens (*.api.ts). */
export const api = createRemoteApi('requestWizardApi');
