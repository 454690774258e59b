import {
  nextStep,
  previousStep,
  stepCounter,
  stepPath,
  stepSequence,
  wizardTotal,
  isStep,
  type RouteContext,
  type StepName,
} from './routing';

const ctx = (over: Partial<RouteContext> = {}): RouteContext => ({
  variant: 'internal',
  requestFiller: null,
  relationshipType: null,
  signedIn: false,
  providerRequest: false,
  ...over,
});
const self = ctx({ requestFiller: 'self' });
const family = ctx({ requestFiller: 'someone_else', relationshipType: 'family-member' });
const legal = ctx({ requestFiller: 'someone_else', relationshipType: 'legally-appointed' });
const noType = ctx({ requestFiller: 'someone_else' });
const provider = ctx({ signedIn: true, providerRequest: true });
const extSelf = ctx({ variant: 'external', requestFiller: 'self' });
const extFamily = ctx({
  variant: 'external',
  requestFiller: 'someone_else',
  relationshipType: 'family-member',
});

describe('wizard length (spec §4 table)', () => {
  it.each([
    ['self', self, 8],
    ['family member', family, 12],
    ['legally appointed', legal, 12],
    ['someone_else, no type yet', noType, 12],
    ['signed-in self (the spec length, though the account step is skipped)', { ...self, signedIn: true }, 8],
    ['signed-in family member', { ...family, signedIn: true }, 12],
    ['provider request', provider, 7],
  ])('%s: %i steps', (_, c, total) => expect(wizardTotal(c)).toBe(total));

  it('the external consent page shows the default total of 7 to a signed-in visitor, and 8 to one the email step is still ahead of', () => {
    expect(stepCounter('consent', ctx({ variant: 'external', signedIn: true }))).toEqual({
      current: 1,
      total: 7,
    });
    expect(stepCounter('consent', ctx({ variant: 'external' }))).toEqual({ current: 1, total: 8 });
    expect(stepCounter('external-user-email', ctx({ variant: 'external' }))).toEqual({
      current: 2,
      total: 8,
    });
  });

  it('the success page shows the count the request was submitted with, though the path is cleared by then', () => {
    expect(
      stepCounter('request-record-success-page', ctx({ variant: 'external', signedIn: true }), 8),
    ).toEqual({ current: 8, total: 8 });
    expect(stepCounter('request-record-success-page', self, 8)).toEqual({ current: 8, total: 8 });
  });
});

describe('counter', () => {
  it.each([
    ['consent', self, 1],
    ['create-account', self, 2],
    ['who-is-filling-request', self, 3],
    ['user-consent-page', self, 8],
    ['request-record-success-page', self, 8],
    ['upload-legal-docs', legal, 10],
    ['user-consent-page', legal, 12],
    ['who-is-filling-request', { ...self, signedIn: true }, 2],
    // Signed in on this request's own account step: the step stays counted, the counter goes on from it.
    ['who-is-filling-request', { ...self, signedIn: true, signedInOnAccountStep: true }, 3],
    ['user-consent-page', { ...self, signedIn: true, signedInOnAccountStep: true }, 8],
    // A step off the filler's path never shows a counter below 1.
    ['upload-legal-docs', self, 1],
  ] as Array<[StepName, RouteContext, number]>)('%s sets current to its place (%#)', (step, c, current) => {
    expect(stepCounter(step, c).current).toBe(current);
  });
  it('Back moves the counter back: the previous step has a smaller number', () => {
    const before = previousStep('upload-photo-id', family)!;
    expect(stepCounter(before, family).current).toBe(stepCounter('upload-photo-id', family).current - 1);
  });
});

describe('next step (spec §4 Step routing)', () => {
  it.each([
    // Overall order: consent, account, who is filling, patient info, MRN.
    ['consent', self, 'create-account'],
    ['consent', { ...self, signedIn: true }, 'who-is-filling-request'],
    ['create-account', self, 'who-is-filling-request'],
    ['who-is-filling-request', self, 'patient-information'],
    ['patient-information', self, 'patient-mrn'],
    ['patient-mrn', self, 'upload-photo-id'],
    ['patient-mrn', family, 'patient-relationship-type'],
    ['patient-mrn', noType, 'patient-relationship-type'],
    // After the relation (relationship type) page.
    ['patient-relationship-type', family, 'relation-to-patient'],
    ['patient-relationship-type', legal, 'legal-relation-to-patient'],
    ['relation-to-patient', family, 'delegate-information'],
    ['legal-relation-to-patient', legal, 'delegate-information'],
    ['delegate-information', family, 'upload-photo-id'],
    ['delegate-information', legal, 'upload-photo-id'],
    // After the delegate/relation pages' photo ID: family and self verify, legal and provider upload legal docs.
    ['upload-photo-id', family, 'verify-details'],
    ['upload-photo-id', legal, 'upload-legal-docs'],
    ['upload-photo-id', provider, 'upload-legal-docs'],
    ['upload-photo-id', self, 'verify-details'],
    ['upload-photo-id', extFamily, 'verify-details'],
    ['upload-legal-docs', legal, 'verify-details'],
    ['verify-details', self, 'user-consent-page'],
    ['user-consent-page', self, 'request-record-success-page'],
    // Provider request: no filler question, and from the MRN page (MRN hidden) straight to the photo ID.
    ['consent', provider, 'patient-information'],
    ['patient-mrn', provider, 'upload-photo-id'],
    // External flow: consent, email, patient information, MRN, relationship type, delegate, photo ID.
    ['consent', extSelf, 'external-user-email'],
    ['consent', { ...extSelf, signedIn: true }, 'patient-information'],
    ['external-user-email', extSelf, 'patient-information'],
    ['patient-mrn', extSelf, 'patient-relationship-type'],
    ['patient-relationship-type', extSelf, 'upload-photo-id'],
    ['patient-relationship-type', extFamily, 'delegate-information'],
    ['delegate-information', extFamily, 'upload-photo-id'],
    ['verify-details', extFamily, 'user-consent-page'],
  ] as Array<[StepName, RouteContext, StepName]>)('%s → %s (%#)', (step, c, to) =>
    expect(nextStep(step, c)).toBe(to),
  );

  it('editing from verify-details returns to verify-details', () => {
    expect(nextStep('patient-information', family, true)).toBe('verify-details');
    expect(nextStep('upload-legal-docs', legal, true)).toBe('verify-details');
    expect(previousStep('patient-mrn', self, true)).toBe('verify-details');
  });
});

describe('previous step', () => {
  it.each([
    // Before the photo ID: family → delegate info, self and provider → MRN, legal → delegate info (see routing.ts).
    ['upload-photo-id', family, 'delegate-information'],
    ['upload-photo-id', legal, 'delegate-information'],
    ['upload-photo-id', self, 'patient-mrn'],
    ['upload-photo-id', provider, 'patient-mrn'],
    // After the photo ID: legal guardians come back from verify to their legal docs, the others to the photo ID.
    ['verify-details', legal, 'upload-legal-docs'],
    ['verify-details', family, 'upload-photo-id'],
    ['verify-details', self, 'upload-photo-id'],
    ['verify-details', extSelf, 'upload-photo-id'],
    ['legal-relation-to-patient', legal, 'patient-relationship-type'],
    ['who-is-filling-request', { ...self, signedIn: true }, 'consent'],
    ['patient-information', extSelf, 'external-user-email'],
  ] as Array<[StepName, RouteContext, StepName]>)('%s ← %s (%#)', (step, c, to) =>
    expect(previousStep(step, c)).toBe(to),
  );
  it('the first step and the success page have no Back', () => {
    expect(previousStep('consent', self)).toBeNull();
    expect(previousStep('request-record-success-page', self)).toBeNull();
  });
});

describe('sequences and paths', () => {
  it('a signed-in user skips the account step; the patient path is 8 pages', () => {
    expect(stepSequence(self)).toEqual([
      'consent',
      'create-account',
      'who-is-filling-request',
      'patient-information',
      'patient-mrn',
      'upload-photo-id',
      'verify-details',
      'user-consent-page',
    ]);
    expect(stepSequence({ ...self, signedIn: true })).not.toContain('create-account');
    expect(stepSequence(provider)).not.toContain('who-is-filling-request');
  });
  it('knows the step names of each variant; unknown names are not steps', () => {
    expect(isStep('internal', 'who-is-filling-request')).toBe(true);
    expect(isStep('internal', 'nonsense')).toBe(false);
    expect(isStep('external', 'external-user-email')).toBe(true);
    expect(isStep('external', 'who-is-filling-request')).toBe(false);
  });
  it('builds absolute paths from the variant', () => {
    expect(stepPath('internal', 'consent')).toBe('/request-records/consent');
    expect(stepPath('external', 'verify-details', 'c-1')).toBe('/external-request/c-1/verify-details');
  });
});
