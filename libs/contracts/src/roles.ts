/** Role mnemonics of the spec; a user may hold several and switch the active one. */
export const ROLES = [
  'PATIENT',
  'MEDICAL_COORDINATOR',
  'GROUP_ADMIN',
  'EXTERNAL_VIEWER',
  'EXTERNAL_PROVIDER',
  'SMART_FHIR',
] as const;
export type RoleMnemonic = (typeof ROLES)[number];

export const isRoleMnemonic = (value: unknown): value is RoleMnemonic =>
  typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/** Shape of a role as the spec names it: id, role, active, role_mnemonic (mnemonic kept as an alias). */
export interface UserRole {
  id: number;
  role: string;
  active: boolean;
  role_mnemonic: RoleMnemonic;
  mnemonic: RoleMnemonic;
}

export const ROLE_NAMES: Record<RoleMnemonic, string> = {
  PATIENT: 'Patient',
  MEDICAL_COORDINATOR: 'Medical Coordinator',
  GROUP_ADMIN: 'Group Admin',
  EXTERNAL_VIEWER: 'External Viewer',
  EXTERNAL_PROVIDER: 'External Provider',
  SMART_FHIR: 'Smart FHIR',
};
