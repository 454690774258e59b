/** Shapes and constants of the auth context (accounts, sessions, identity, settings), shared by mfe-auth and the service. */
import type { RoleMnemonic, UserRole } from '../roles';
import { PICTURE_FILES } from '../uploads';

export interface LoginRequest {
  username: string;
  password: string;
  remember?: boolean;
}

/** The stored user data entry (firstName, lastName, email, role.mnemonic). */
export interface SessionUser {
  userId: string;
  personId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: { mnemonic: RoleMnemonic };
  roles: RoleMnemonic[];
  /**
   * Whether the owner proved the address (a mailed link reached it): records shared with it reach the
   * account only then. Absent in a session stored before it existed (the next refresh brings it).
   */
  emailVerified?: boolean;
}

export interface LoginResponse {
  token: string;
  refresh_token: string;
  /** Epoch milliseconds when `token` expires. */
  expiryTime: number;
  role: UserRole;
  userId: string;
  challenge: null;
  user: SessionUser;
  /** A mailed link that opens one page (an unlisted facility's request): where to land, set by the server. */
  landing?: string;
}

/** The login answer to an account that has no password yet: the user must set one (nothing is signed in). */
export interface NewPasswordChallenge {
  token: null;
  role: UserRole;
  userId: string;
  challenge: 'NEW_PASSWORD_REQUIRED';
  user: null;
}

/** POST /api/auth/login: a session, or the challenge to set a password first. */
export type LoginAnswer = LoginResponse | NewPasswordChallenge;

/** A time zone of GET /api/getTimezones: '(UTC-05:00) America/New_York'. */
export interface TimeZoneOption {
  value: string;
  label: string;
}

export interface CreateAccountRequest {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string;
  locale: string;
}

/** Claims of the signed access token; every context reads the active role from here. */
export interface AccessClaims {
  sub: string;
  sid: string;
  personId: string;
  email: string;
  roles: RoleMnemonic[];
  role: RoleMnemonic;
}

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = { remember: 30, session: 1 };
export const MIN_PASSWORD_LENGTH = 8;
export const CSRF_HEADER = 'x-csrf-token';
export const CHALLENGE_NEW_PASSWORD: NewPasswordChallenge['challenge'] = 'NEW_PASSWORD_REQUIRED';

// ---- person --------------------------------------------------------------------------------

export interface CityRef {
  id: string;
  name: string;
}
export interface CountryRef {
  id: string;
  iso_name: string;
  name: string;
}

/** person_address and person_prior_address as the spec shapes them. */
export interface PersonAddress {
  address: string | null;
  city: CityRef | null;
  state: string | null;
  state_name: string | null;
  postcode: string | null;
  country: CountryRef | null;
}

/** GET /api/myIdentity/getPerson: flat fields plus the nested address shapes; `full=true` adds the image. */
export interface Person {
  id: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  priorLastName: string | null;
  /** YYYY-MM-DD */
  dateOfBirth: string | null;
  email: string;
  phone: string | null;
  country_code: string;
  address: string | null;
  cityId: string | null;
  city: string | null;
  state: string | null;
  postcode: string | null;
  country: string | null;
  countryIso: string | null;
  priorAddress: string | null;
  priorCityId: string | null;
  priorCity: string | null;
  priorState: string | null;
  priorPostcode: string | null;
  priorCountry: string | null;
  priorCountryIso: string | null;
  person_address: PersonAddress | null;
  person_prior_address: PersonAddress | null;
  has_image: boolean;
  person_image?: { content: string; mimeType: string } | null;
}

/** POST /api/myIdentity/saveDetails, person reading (dateOfBirth DD/MM/YYYY). Photo and signature are base64. */
export interface SaveDetailsRequest {
  firstName?: string;
  middleName?: string | null;
  lastName?: string;
  priorLastName?: string | null;
  dateOfBirth?: string;
  phone?: string;
  countryCode?: string;
  address?: string;
  cityId?: string;
  country?: string;
  state?: string;
  postcode?: string;
  priorAddress?: string | null;
  priorCityId?: string | null;
  priorCountry?: string | null;
  priorState?: string | null;
  priorPostcode?: string | null;
  photo?: string | null;
  signature?: string | null;
}

export interface Country {
  id: string;
  iso: string;
  name: string;
  phoneCode: string;
}
export interface City {
  id: string;
  name: string;
  state: string;
  state_name: string;
  countryIso: string;
}
export interface CountryCode {
  iso: string;
  name: string;
  /** Calling code digits, for example '1'. */
  code: string;
}

export const DEFAULT_COUNTRY_CODE = '1';
export const CITY_SEARCH_MIN_CHARS = 3; // "after more than 2 characters"
export const CITY_SEARCH_LIMIT = 20;
/** Largest government ID photo or signature accepted, decoded. */
export const MAX_IDENTITY_IMAGE_BYTES = 5 * 1024 * 1024;
/** What a larger one is told, by the schema and by the server alike. */
export const IDENTITY_IMAGE_TOO_LARGE = `The image is larger than ${MAX_IDENTITY_IMAGE_BYTES / (1024 * 1024)} MB`;
export const IDENTITY_IMAGE_TYPES = PICTURE_FILES.contentTypes;

// ---- family members ------------------------------------------------------------------------

export const FAMILY_MEMBER_TYPES = [
  { id: 1, name: 'Spouse', mnemonic: 'SPOUSE' },
  { id: 2, name: 'Partner', mnemonic: 'PARTNER' },
  { id: 3, name: 'Parent', mnemonic: 'PARENT' },
  { id: 4, name: 'Child', mnemonic: 'CHILD' },
  { id: 5, name: 'Sibling', mnemonic: 'SIBLING' },
  { id: 6, name: 'Other relative', mnemonic: 'OTHER_RELATIVE' },
] as const;
export type FamilyMemberType = (typeof FAMILY_MEMBER_TYPES)[number];
export const OTHER_RELATIVE = 'OTHER_RELATIVE';

export interface FamilyMember {
  id: string;
  first_name: string;
  last_name: string;
  relationship: { id: number; name: string; mnemonic: string };
  /** Free text, required for OTHER_RELATIVE. */
  relation: string | null;
}
export interface FamilyMemberRequest {
  firstName: string;
  lastName: string;
  relationshipTypeId: number;
  relation?: string | null;
}
/** The option the wizard adds in front of the family members. */
export const MYSELF_OPTION = { id: 'myself', first_name: 'Myself', last_name: '' } as const;

// ---- notification settings -----------------------------------------------------------------

export const NOTIFICATION_GROUPS = {
  ACCOUNT_NOTIFICATIONS: [
    'ACCOUNT_EMAIL_ADDRESS_CHANGED_NOTIFICATION',
    'ACCOUNT_PASSWORD_CHANGED_NOTIFICATION',
  ],
  REQUEST_NOTIFICATIONS: ['REQUEST_COMPLETION_NOTIFICATION', 'REQUEST_SUBMITTION_NOTIFICATION'],
  SHARING_NOTIFICATIONS: [
    'SHARING_INVITATION_SENT_NOTIFICATION',
    'SHARING_SHARED_WITH_ME_NOTIFICATION',
    'SHARING_SUCCESSFULLY_ACCESSED_NOTIFICATION',
  ],
} as const;
export type NotificationGroup = keyof typeof NOTIFICATION_GROUPS;
export type NotificationChild = (typeof NOTIFICATION_GROUPS)[NotificationGroup][number];
export type NotificationMnemonic = NotificationGroup | NotificationChild;
export const NOTIFICATION_MNEMONICS = Object.entries(NOTIFICATION_GROUPS).flatMap(([g, c]) => [
  g,
  ...c,
]) as NotificationMnemonic[];

/** Labels the settings page shows; the spec names only the mnemonics. */
export const NOTIFICATION_LABELS: Record<NotificationMnemonic, string> = {
  ACCOUNT_NOTIFICATIONS: 'Account notifications',
  ACCOUNT_EMAIL_ADDRESS_CHANGED_NOTIFICATION: 'My email address was changed',
  ACCOUNT_PASSWORD_CHANGED_NOTIFICATION: 'My password was changed',
  REQUEST_NOTIFICATIONS: 'Request notifications',
  REQUEST_COMPLETION_NOTIFICATION: 'A request of mine is completed',
  REQUEST_SUBMITTION_NOTIFICATION: 'A request of mine is submitted',
  SHARING_NOTIFICATIONS: 'Sharing notifications',
  SHARING_INVITATION_SENT_NOTIFICATION: 'An invitation I sent went out',
  SHARING_SHARED_WITH_ME_NOTIFICATION: 'Someone shared records with me',
  SHARING_SUCCESSFULLY_ACCESSED_NOTIFICATION: 'Someone opened records I shared',
};

export interface NotificationSetting {
  mnemonic: NotificationMnemonic;
  value: boolean;
}

// ---- sign-in variants ----------------------------------------------------------------------

/** Login-as tokens live minutes, not hours: they stand for a support person's one visit. */
export const LOGIN_AS_TTL_MINUTES = 5;
export const EMAIL_CHANGE_TTL_HOURS = 24;
/** How long the link that proves an address at sign-up works. */
export const EMAIL_VERIFICATION_TTL_HOURS = 72;

/** POST verifyEmail: the address that is now proved. */
export interface VerifyEmailAnswer {
  message: string;
  email: string;
}

/** POST resendVerification: a new link went out, or the address was proved already. */
export interface ResendVerificationAnswer {
  message: string;
  emailVerified: boolean;
}
export const ACCOUNT_REMOVAL_TTL_HOURS = 1;
