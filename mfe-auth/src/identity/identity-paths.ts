import { getRouteTable } from '@portal/session';

// Not named in PATHS of @portal/contracts: the two tables spell these older screens differently.
const legacy = () => getRouteTable() === 'legacy';

/** My identity: /myIdentity in the older table, /my-identity in the new one. */
export const myIdentityPath = () => (legacy() ? '/myIdentity' : '/my-identity');
/** Identity verification: /identityVerification in the older table, /identity-verification in the new one. */
export const identityVerificationPath = () => (legacy() ? '/identityVerification' : '/identity-verification');
