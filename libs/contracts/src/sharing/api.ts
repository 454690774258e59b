/** Paths of the sharing context. */
export const SHARING_API = {
  /** GET: the people the caller shares with. */
  sharedUsers: '/api/getSharedUsersList',
  /**
   * The public viewer page's calls (records spec §7 Viewer; paths not visible, designed here).
   * GET, public, optional image-viewer-token header: PublicViewerConfig.
   */
  viewerConfig: (linkId: string) => `/api/sharing/viewerLinks/${linkId}/config`,
  /** POST {password}, public, rate limited per link and address: ViewerSession. */
  validateViewerPassword: (linkId: string) => `/api/sharing/viewerLinks/${linkId}/validatePassword`,
  /** POST with the image-viewer-token header: ViewerDownload (url of the streamed zip). */
  downloadViewerStudies: (linkId: string) => `/api/sharing/viewerLinks/${linkId}/downloadStudies`,
} as const;

/** Password attempts on one link from one address, per window (then 429 with Retry-After). */
export const VIEWER_PASSWORD_ATTEMPTS = 5;
export const VIEWER_PASSWORD_WINDOW_MS = 15 * 60_000;
