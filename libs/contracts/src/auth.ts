import type { RoleMnemonic, UserRole } from './roles';

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
}

export interface LoginResponse {
  token: string;
  refresh_token: string;
  /** Epoch milliseconds when `token` expires. */
  expiryTime: number;
  role: UserRole;
  userId: string;
  /** 'NEW_PASSWORD_REQUIRED' when the account has no password yet. */
  challenge: 'NEW_PASSWORD_REQUIRED' | null;
  user: SessionUser;
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
export const CHALLENGE_NEW_PASSWORD = 'NEW_PASSWORD_REQUIRED';
