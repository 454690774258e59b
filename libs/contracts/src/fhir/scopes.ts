/**
 * SMART App Launch 2.2 scopes (§3), as the portal grants them: patient-level only (this is a patient
 * portal: no user/ or system/ access), read and search only (the FHIR API changes nothing), plus the
 * launch context and identity scopes. One parser for the authorization server, the FHIR server and the
 * consent screen, so the three can never disagree on what a scope allows.
 */

/** The resource types of the FHIR API (the CapabilityStatement lists exactly these). */
export const FHIR_RESOURCE_TYPES = [
  'Patient',
  'RelatedPerson',
  'ImagingStudy',
  'Endpoint',
  'DiagnosticReport',
  'DocumentReference',
  'Binary',
  'Consent',
  'AuditEvent',
] as const;
export type FhirResourceType = (typeof FHIR_RESOURCE_TYPES)[number];

/** SMART v2 interactions: create, read, update, delete, search. */
export type SmartInteraction = 'c' | 'r' | 'u' | 'd' | 's';

export interface ResourceScope {
  /** A resource type, or '*' for all of them. */
  type: FhirResourceType | '*';
  interactions: SmartInteraction[];
}

export const SMART_CONTEXT_SCOPES = [
  'openid',
  'fhirUser',
  'launch/patient',
  'offline_access',
  'online_access',
] as const;

/** `patient/<Type|*>.<cruds>` (v2), or `.read` / `.write` / `.*` (v1, still sent by older apps). */
const RESOURCE_SCOPE = /^patient\/([A-Za-z]+|\*)\.(c?r?u?d?s?|read|write|\*)$/;
const V1: Record<string, SmartInteraction[]> = {
  read: ['r', 's'],
  write: ['c', 'u', 'd'],
  '*': ['c', 'r', 'u', 'd', 's'],
};

/** The resource scope a scope string names, or null when it names none the portal serves (user/, system/, ?queries, unknown types). */
export const parseResourceScope = (scope: string): ResourceScope | null => {
  const match = RESOURCE_SCOPE.exec(scope);
  if (!match) return null;
  const [, type, ops] = match;
  if (type !== '*' && !(FHIR_RESOURCE_TYPES as readonly string[]).includes(type)) return null;
  const interactions = V1[ops] ?? ([...ops] as SmartInteraction[]);
  if (!interactions.length) return null;
  return { type: type as ResourceScope['type'], interactions };
};

/**
 * What the portal grants of the scopes an app asked for: known context scopes, and each patient
 * resource scope cut down to read and search (a write scope alone grants nothing). Order kept, no repeats.
 */
export const grantableScopes = (requested: string): string[] => {
  const granted: string[] = [];
  for (const scope of requested.split(/\s+/).filter(Boolean)) {
    let grant: string | null = null;
    if ((SMART_CONTEXT_SCOPES as readonly string[]).includes(scope)) grant = scope;
    const resource = parseResourceScope(scope);
    if (resource) {
      const reads = resource.interactions.filter((i) => i === 'r' || i === 's');
      if (reads.length) grant = `patient/${resource.type}.${reads.join('')}`;
    }
    if (grant && !granted.includes(grant)) granted.push(grant);
  }
  return granted;
};

const allows = (scopes: readonly string[], type: string, interaction: SmartInteraction): boolean =>
  scopes.some((scope) => {
    const resource = parseResourceScope(scope);
    return (
      !!resource &&
      (resource.type === '*' || resource.type === type) &&
      resource.interactions.includes(interaction)
    );
  });

/**
 * Types a scope on another type brings along: the Endpoint an ImagingStudy names is how its images are
 * fetched (a server address, no patient data), so reading studies reads it too.
 */
const IMPLIED_BY: Partial<Record<string, string>> = { Endpoint: 'ImagingStudy' };

/** Whether granted scopes allow an interaction on a resource type. */
export const scopesAllow = (
  scopes: readonly string[],
  type: string,
  interaction: SmartInteraction,
): boolean => {
  const implied = IMPLIED_BY[type];
  return allows(scopes, type, interaction) || (!!implied && allows(scopes, implied, interaction));
};

/** Whether any granted scope reads patient data (then the token must carry a patient in context). */
export const hasPatientScope = (scopes: readonly string[]): boolean =>
  scopes.some((scope) => parseResourceScope(scope) !== null);

const TYPE_WORDS: Record<FhirResourceType | '*', string> = {
  '*': 'everything in your records',
  Patient: 'your name, date of birth and contact details',
  RelatedPerson: 'the family members on your account',
  ImagingStudy: 'your imaging studies and their images',
  Endpoint: 'where your images can be fetched from',
  DiagnosticReport: 'your reports',
  DocumentReference: 'your documents and uploaded files',
  Binary: 'the contents of your documents',
  Consent: 'who you have shared your records with',
  AuditEvent: 'who has looked at your records',
};

const CONTEXT_WORDS: Record<(typeof SMART_CONTEXT_SCOPES)[number], string> = {
  openid: 'Know who you are',
  fhirUser: 'Know who you are',
  'launch/patient': 'Open your own record',
  offline_access: 'Keep access until you revoke it, even when you are signed out',
  online_access: 'Keep access while you are signed in',
};

/** A granted scope in plain words, for the consent screen and Connected apps. */
export const scopeInPlainWords = (scope: string): string => {
  const resource = parseResourceScope(scope);
  if (resource) {
    const verbs = resource.interactions.includes('r')
      ? resource.interactions.includes('s')
        ? 'Read and search'
        : 'Read'
      : 'Search';
    return `${verbs} ${TYPE_WORDS[resource.type]}`;
  }
  return CONTEXT_WORDS[scope as keyof typeof CONTEXT_WORDS] ?? scope;
};
