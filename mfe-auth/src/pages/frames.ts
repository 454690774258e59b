/** mfe-auth pages of both route tables that are frames for now (full flows come later). */
export type FrameKey =
  | 'loginAs'
  | 'unsubscribe'
  | 'linkExpired'
  | 'familyMembers'
  | 'accountRemoval'
  | 'myIdentity'
  | 'subscription'
  | 'phoneLogin';

export const FRAME_PAGES: { key: FrameKey; paths: string[] }[] = [
  { key: 'loginAs', paths: ['/loginAs'] },
  { key: 'unsubscribe', paths: ['/unsubscribe/:id'] },
  { key: 'linkExpired', paths: ['/link-expired'] },
  { key: 'familyMembers', paths: ['/family-members', '/familyMembers'] },
  { key: 'accountRemoval', paths: ['/account-removal', '/accountRemoval'] },
  { key: 'myIdentity', paths: ['/my-identity', '/myIdentity', '/identityVerification'] },
  { key: 'subscription', paths: ['/subscription'] },
  { key: 'phoneLogin', paths: ['/loginUsingPhoneNumber'] },
];
