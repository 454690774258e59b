import {
  grantableScopes,
  hasPatientScope,
  parseResourceScope,
  scopeInPlainWords,
  scopesAllow,
} from './scopes';

describe('SMART scopes', () => {
  it('parses v2 and v1 patient scopes, and nothing the portal does not serve', () => {
    expect(parseResourceScope('patient/ImagingStudy.rs')).toEqual({
      type: 'ImagingStudy',
      interactions: ['r', 's'],
    });
    expect(parseResourceScope('patient/*.read')).toEqual({ type: '*', interactions: ['r', 's'] });
    expect(parseResourceScope('user/*.rs')).toBeNull();
    expect(parseResourceScope('system/*.rs')).toBeNull();
    expect(parseResourceScope('patient/Observation.rs')).toBeNull();
    expect(parseResourceScope('patient/ImagingStudy.rs?status=available')).toBeNull();
    expect(parseResourceScope('patient/ImagingStudy.sr')).toBeNull();
  });

  it('grants context scopes and the read/search part of patient scopes, once each', () => {
    expect(
      grantableScopes(
        'openid fhirUser launch/patient patient/*.cruds patient/*.rs patient/Consent.cud user/*.rs offline_access junk',
      ),
    ).toEqual(['openid', 'fhirUser', 'launch/patient', 'patient/*.rs', 'offline_access']);
  });

  it('allows an interaction only when a granted scope names the type (or *) and the interaction', () => {
    expect(scopesAllow(['patient/ImagingStudy.rs'], 'ImagingStudy', 'r')).toBe(true);
    expect(scopesAllow(['patient/ImagingStudy.rs'], 'Patient', 'r')).toBe(false);
    expect(scopesAllow(['patient/ImagingStudy.rs'], 'ImagingStudy', 'c')).toBe(false);
    expect(scopesAllow(['patient/*.s'], 'Consent', 's')).toBe(true);
    expect(scopesAllow(['patient/*.s'], 'Consent', 'r')).toBe(false);
    // The Endpoint of a study comes with reading studies; nothing else does.
    expect(scopesAllow(['patient/ImagingStudy.rs'], 'Endpoint', 'r')).toBe(true);
    expect(scopesAllow(['patient/Patient.rs'], 'Endpoint', 'r')).toBe(false);
    expect(scopesAllow(['patient/DocumentReference.rs'], 'Binary', 'r')).toBe(false);
    expect(hasPatientScope(['openid', 'fhirUser'])).toBe(false);
    expect(hasPatientScope(['patient/Patient.r'])).toBe(true);
  });

  it('says each scope in plain words', () => {
    expect(scopeInPlainWords('patient/*.rs')).toBe('Read and search everything in your records');
    expect(scopeInPlainWords('patient/DiagnosticReport.r')).toBe('Read your reports');
    expect(scopeInPlainWords('offline_access')).toBe(
      'Keep access until you revoke it, even when you are signed out',
    );
  });
});
