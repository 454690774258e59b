/** mfe-auth pages of both route tables that are frames for now (full flows come later). */
export type FrameKey =
  | 'loginAs'
  | 'unsubscribe'
  | 'linkExpired'
  | 'emailUpdated'
  | 'settings'
  | 'personalInformation'
  | 'notifications'
  | 'loginPassword'
  | 'familyMembers'
  | 'accountRemoval'
  | 'changePassword'
  | 'myIdentity'
  | 'subscription'
  | 'phoneLogin';

export const FRAME_PAGES: { key: FrameKey; paths: string[] }[] = [
  { key: 'loginAs', paths: ['/loginAs'] },
  { key: 'unsubscribe', paths: ['/unsubscribe/:id'] },
  { key: 'linkExpired', paths: ['/link-expired'] },
  { key: 'emailUpdated', paths: ['/email-updated-success'] },
  { key: 'settings', paths: ['/settings/*', '/myProfile'] },
  { key: 'personalInformation', paths: ['/personal-information', '/personalInfo'] },
  { key: 'notifications', paths: ['/notifications'] },
  { key: 'loginPassword', paths: ['/login-password-setting'] },
  { key: 'familyMembers', paths: ['/family-members', '/familyMembers'] },
  { key: 'accountRemoval', paths: ['/account-removal', '/accountRemoval'] },
  { key: 'changePassword', paths: ['/change-password', '/changePassword'] },
  { key: 'myIdentity', paths: ['/my-identity', '/myIdentity', '/identityVerification'] },
  { key: 'subscription', paths: ['/subscription'] },
  { key: 'phoneLogin', paths: ['/loginUsingPhoneNumber'] },
];
