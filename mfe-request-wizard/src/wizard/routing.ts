/**
 * Step routing of the request-records wizard (spec 000 §2 "Request-records wizard" and §4 "Who is
 * filling", "Wizard length and counter", "Step routing"). Pure: no React, no storage, so every rule
 * is one row of routing.spec.ts.
 */
import { PATHS, type RelationshipType, type RequestFiller } from '@portal/contracts';

/** The internal wizard's steps, in the spec's order (§2). */
export const STEPS = [
  'consent',
  'who-is-filling-request',
  'patient-information',
  'patient-mrn',
  'patient-relationship-type',
  'relation-to-patient',
  'legal-relation-to-patient',
  'delegate-information',
  'upload-photo-id',
  'upload-legal-docs',
  'verify-details',
  'create-account',
  'user-consent-page',
  'request-record-success-page',
] as const;
export type InternalStep = (typeof STEPS)[number];

/** The external variant: the same steps plus the email (and account) step. */
export const EXTERNAL_EMAIL_STEP = 'external-user-email';
export const EXTERNAL_STEPS = [
  'consent',
  EXTERNAL_EMAIL_STEP,
  'patient-information',
  'patient-mrn',
  'patient-relationship-type',
  'delegate-information',
  'upload-photo-id',
  'verify-details',
  'user-consent-page',
  'request-record-success-page',
] as const;
export type ExternalStep = (typeof EXTERNAL_STEPS)[number];
export type StepName = InternalStep | ExternalStep;

export const FIRST_STEP = 'consent';
export const SUCCESS_STEP = 'request-record-success-page';
export const VERIFY_STEP = 'verify-details';

/** §4 Wizard length: self 8, every someone_else reading 12; the external consent page shows 7. */
export const WIZARD_LENGTH = { self: 8, someoneElse: 12 } as const;
export const EXTERNAL_DEFAULT_TOTAL = 7;

export type Variant = 'internal' | 'external';

/** What the routing depends on: who fills, in what capacity, and how the wizard was opened. */
export interface RouteContext {
  variant: Variant;
  requestFiller: RequestFiller | null;
  relationshipType: RelationshipType | null;
  /** Signed in: no account step (internal create-account, external email step)... */
  signedIn: boolean;
  /**
   * ...unless the user signed in on that very step of this request: it stays on the path, so the
   * counter goes on from it (2 of 8, 3 of 8) instead of renumbering the visitor's path (3 of 7).
   */
  signedInOnAccountStep?: boolean;
  /** ?providerRequest=true by a signed-in EXTERNAL_PROVIDER (internal only). */
  providerRequest: boolean;
}

export const isStep = (variant: Variant, name: string): name is StepName =>
  (variant === 'external' ? (EXTERNAL_STEPS as readonly string[]) : (STEPS as readonly string[])).includes(
    name,
  );

/**
 * The steps this filler walks through, success page excluded. The spec's "overall order": consent,
 * account or login, who is filling, patient info, MRN, then the patient path (upload ID, verify) or
 * the delegate path (relationship type, relation, delegate info, upload ID; legal guardians also
 * their legal documents), then verify, consent with signature.
 */
const skipsAccount = (ctx: RouteContext) => ctx.signedIn && !ctx.signedInOnAccountStep;

export const stepSequence = (ctx: RouteContext): StepName[] => {
  const family = ctx.requestFiller === 'someone_else' && ctx.relationshipType === 'family-member';
  const legal = ctx.requestFiller === 'someone_else' && ctx.relationshipType === 'legally-appointed';
  if (ctx.variant === 'external') {
    // The external relationship-type page asks both who fills and the family relation; there is no
    // legal path (no legal-docs step in the external list), so a delegate is a family member.
    return [
      'consent',
      ...(skipsAccount(ctx) ? [] : [EXTERNAL_EMAIL_STEP as StepName]),
      'patient-information',
      'patient-mrn',
      'patient-relationship-type',
      ...(family ? ['delegate-information' as StepName] : []),
      'upload-photo-id',
      'verify-details',
      'user-consent-page',
    ];
  }
  if (ctx.providerRequest) {
    // A provider is not asked who fills nor any relationship; the MRN page keeps the record types the
    // request needs but hides the MRN itself ("skips MRN"), then goes straight to the photo ID and the
    // provider's authorization documents.
    return [
      'consent',
      'patient-information',
      'patient-mrn',
      'upload-photo-id',
      'upload-legal-docs',
      'verify-details',
      'user-consent-page',
    ];
  }
  const account: StepName[] = skipsAccount(ctx) ? [] : ['create-account'];
  const head: StepName[] = [
    'consent',
    ...account,
    'who-is-filling-request',
    'patient-information',
    'patient-mrn',
  ];
  const tail: StepName[] = ['verify-details', 'user-consent-page'];
  if (ctx.requestFiller !== 'someone_else') return [...head, 'upload-photo-id', ...tail];
  if (family)
    return [
      ...head,
      'patient-relationship-type',
      'relation-to-patient',
      'delegate-information',
      'upload-photo-id',
      ...tail,
    ];
  if (legal)
    return [
      ...head,
      'patient-relationship-type',
      'legal-relation-to-patient',
      'delegate-information',
      'upload-photo-id',
      'upload-legal-docs',
      ...tail,
    ];
  // someone_else, no type chosen yet: the path stops at the relationship type page until it is chosen.
  return [...head, 'patient-relationship-type'];
};

/**
 * "Step N of M". Internal: the spec's lengths, 8 for self and 12 for every someone_else, whether
 * signed in or not (§4's table has no other column): a signed-in family member sees "of 12" like a
 * visitor, and a path shorter than its length (family members walk 11 pages, signed-in users skip
 * the account page) ends below M. Provider requests and the external flow have no spec length beyond
 * the external consent default: they count their own pages.
 */
export const wizardTotal = (ctx: RouteContext): number => {
  if (ctx.variant === 'external' || ctx.providerRequest) return stepSequence(ctx).length;
  return ctx.requestFiller === 'someone_else' ? WIZARD_LENGTH.someoneElse : WIZARD_LENGTH.self;
};

/**
 * The counter a step shows: its place in the sequence, never below 1. The external consent shows the
 * spec's default of 7 (a signed-in visitor's pages), plus the email step a visitor who is not signed in
 * is about to walk, so the total does not jump from 7 to 8 on the next page. The success page shows the
 * last count the request was submitted with (`submitted`: the wizard's state is cleared by then, so its
 * path, e.g. the account step, can no longer be worked out).
 */
export const stepCounter = (
  step: StepName,
  ctx: RouteContext,
  submitted?: number,
): { current: number; total: number } => {
  if (ctx.variant === 'external' && step === FIRST_STEP)
    return { current: 1, total: Math.max(EXTERNAL_DEFAULT_TOTAL, stepSequence(ctx).length) };
  if (step === SUCCESS_STEP && submitted) return { current: submitted, total: submitted };
  const seq = stepSequence(ctx);
  const total = wizardTotal(ctx);
  const at = step === SUCCESS_STEP ? total : seq.indexOf(step) + 1;
  return { current: Math.max(1, Math.min(at, total)), total };
};

/** The step after `step`; `editing` (opened from verify-details' Edit links) returns to verify-details. */
export const nextStep = (step: StepName, ctx: RouteContext, editing = false): StepName => {
  if (editing && step !== VERIFY_STEP && step !== 'user-consent-page' && step !== SUCCESS_STEP)
    return VERIFY_STEP;
  if (step === 'user-consent-page') return SUCCESS_STEP;
  if (step === SUCCESS_STEP) return SUCCESS_STEP;
  const seq = stepSequence(ctx);
  const at = seq.indexOf(step);
  // A step off this filler's path (an old link) goes on to the first step the filler has not done.
  return at >= 0 && at + 1 < seq.length ? seq[at + 1] : at < 0 ? FIRST_STEP : seq[seq.length - 1];
};

/**
 * The step Back goes to: the page the patient came from on this filler's path. The spec's "before the
 * photo ID: legal goes to the legal relation page" would skip the delegate information a legal
 * representative has just given (the request needs it): a patient pressing Back expects the page
 * before, so legal goes back to delegate-information like family does. Editing returns to verify.
 */
export const previousStep = (step: StepName, ctx: RouteContext, editing = false): StepName | null => {
  if (editing && step !== VERIFY_STEP) return VERIFY_STEP;
  if (step === FIRST_STEP || step === SUCCESS_STEP) return null;
  const seq = stepSequence(ctx);
  const at = seq.indexOf(step);
  return at > 0 ? seq[at - 1] : FIRST_STEP;
};

/** The path of a step for the variant: absolute, so it works under any router (the embed's MemoryRouter). */
export const stepPath = (variant: Variant, step: StepName, custodianId?: string | null): string =>
  variant === 'external'
    ? `${PATHS.new.externalRequest}/${encodeURIComponent(custodianId ?? '')}/${step}`
    : `${PATHS.new.requestRecords}/${step}`;

/** Which page an Edit link of verify-details opens for each part of the summary. */
export const EDIT_TARGETS = {
  filler: 'who-is-filling-request',
  patient: 'patient-information',
  records: 'patient-mrn',
  relationship: 'patient-relationship-type',
  relation: 'relation-to-patient',
  legalRelation: 'legal-relation-to-patient',
  delegate: 'delegate-information',
  photoId: 'upload-photo-id',
  legalDocs: 'upload-legal-docs',
} as const satisfies Record<string, StepName>;
