/**
 * Paths of the auth context. Paths the spec shows keep its spelling; the others are REST paths under
 * the context's own prefixes.
 */
export const AUTH_API = {
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  refresh: '/api/auth/refresh',
  jwks: '/api/auth/jwks',
  createAccount: '/api/auth/createAccount',
  /** POST: createAccount as the external request calls it. */
  createAccountExternal: '/api/createAccount',
  forgotPassword: '/api/auth/forgotPassword',
  resetPassword: '/api/auth/resetPassword',
  checkResetPasswordToken: '/api/checkResetPasswordToken',
  /** GET ?token=: checkResetPasswordToken under the name of the forgot-password link. */
  checkForgotPasswordToken: '/api/checkForgotPasswordToken',
  checkUserEmail: '/api/auth/checkUserEmail',
  roles: '/api/user/roles',
  role: '/api/user/role',
  switchRole: '/api/user/switchRole',
  featureSettings: '/api/featureSettings',
  timezones: '/api/getTimezones',
  getPerson: '/api/myIdentity/getPerson',
  saveDetails: '/api/myIdentity/saveDetails',
  saveDetailsExternal: '/api/myIdentity/saveDetails/external-request',
  countries: '/api/myIdentity/countries',
  getCities: '/api/myIdentity/getCities',
  updatePassword: '/api/myIdentity/updatePassword',
  updateEmail: '/api/myIdentity/updateEmail',
  confirmEmailUpdate: '/api/myIdentity/confirmEmailUpdate',
  familyMembers: '/api/myIdentity/familyMembers',
  familyMemberTypes: '/api/familyMemberTypes',
  notificationSettings: '/api/notificationSettings',
  accountRemovalRequest: '/api/myIdentity/accountRemovalRequest',
  confirmAccountRemoval: '/api/myIdentity/confirmAccountRemoval',
  countryCodes: '/api/getCountryCodes',
  getUserInformation: '/api/getUserInformation',
  registerAccount: '/api/auth/registerAccount',
  /** POST {token} (public): the link mailed at sign-up proves the address. */
  verifyEmail: '/api/auth/verifyEmail',
  /** POST (signed in): mails the caller a new link to prove their address. */
  resendVerification: '/api/auth/resendVerification',
  phoneLogin: '/api/auth/phoneLogin',
  /** Operator-only: issues a login-as link (support staff, audited). */
  loginAsUser: '/api/auth/loginAsUser',
  /** GET {loginAsUserToken}/{token}: exchanges a login-as token for a session, once. */
  loginAsUserToken: '/api/auth/login-as-user',
  /** GET {loginWithPhoneUser}/{token}: the same exchange for the link of a phone login. */
  loginWithPhoneUser: '/api/auth/loginWithPhoneUser',
  /** GET: the bot-check challenge of the unsubscribe page (ALTCHA proof of work). */
  unsubscribeChallenge: '/api/subscriptions/challenge',
  /** POST { email: <the unsubscribe id>, recaptchaToken }: answers 'OK'. */
  unsubscribe: '/api/subscriptions',
  /** One-click opt-out of mail clients (RFC 8058 List-Unsubscribe-Post), GET shows an HTML page. */
  optOutPage: '/api/pages/opt-out',
} as const;
