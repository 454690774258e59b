/** Paths of the sharing context. */
export const SHARING_API = {
  /** GET: the people the caller shares with. */
  sharedUsers: '/api/getSharedUsersList',
} as const;
