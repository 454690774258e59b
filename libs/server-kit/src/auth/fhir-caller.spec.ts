import { FHIR_TOKEN_AUDIENCE } from '@portal/contracts';
import { unauthenticated } from '../errors/app-error';
import { FhirCallers, requireScope } from './fhir-caller';
import type { KeyRing, SessionRevocations, VerifiedClaims } from './key-ring';

describe('FhirCallers', () => {
  const tokens: Record<string, { audience: string; claims: Record<string, unknown> }> = {
    app: {
      audience: FHIR_TOKEN_AUDIENCE,
      claims: {
        sub: 'u1',
        sid: 'a1',
        client_id: 'c1',
        scope: 'launch/patient patient/ImagingStudy.rs',
        patient: 'u1',
      },
    },
    noPatient: {
      audience: FHIR_TOKEN_AUDIENCE,
      claims: { sub: 'u1', sid: 'a2', client_id: 'c1', scope: 'patient/ImagingStudy.rs' },
    },
    revoked: {
      audience: FHIR_TOKEN_AUDIENCE,
      claims: { sub: 'u1', sid: 'gone', client_id: 'c1', scope: 'openid' },
    },
    own: { audience: 'portal', claims: { sub: 'u2', sid: 's1', role: 'PATIENT' } },
    staff: { audience: 'portal', claims: { sub: 'u3', sid: 's2', role: 'EXTERNAL_PROVIDER' } },
  };
  const keys = {
    verify: async (token: string, audience = 'portal') => {
      const t = tokens[token];
      if (!t || t.audience !== audience) throw unauthenticated();
      return t.claims as unknown as VerifiedClaims;
    },
  } as unknown as KeyRing;
  const revocations = {
    isRevoked: (c: { sid: string }) => c.sid === 'gone',
  } as unknown as SessionRevocations;
  const callers = new FhirCallers(keys, revocations);

  it("reads a SMART app's token: its patient, scopes and authorization", async () => {
    await expect(callers.of('Bearer app')).resolves.toEqual({
      userId: 'u1',
      patientId: 'u1',
      scopes: ['launch/patient', 'patient/ImagingStudy.rs'],
      clientId: 'c1',
      authorizationId: 'a1',
    });
  });

  it('refuses a patient scope without a patient, a revoked authorization, a missing token', async () => {
    await expect(callers.of('Bearer noPatient')).rejects.toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
    await expect(callers.of('Bearer revoked')).rejects.toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
    await expect(callers.of(undefined)).rejects.toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
    await expect(callers.of('Bearer forged')).rejects.toMatchObject({ code: 'AUTH.UNAUTHENTICATED' });
  });

  it("lets a patient's own session read their whole record, and no other role", async () => {
    await expect(callers.of('Bearer own')).resolves.toMatchObject({
      userId: 'u2',
      scopes: ['patient/*.rs'],
      clientId: null,
    });
    await expect(callers.of('Bearer staff')).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
  });

  it('refuses what the scopes do not allow with 403', () => {
    expect(() => requireScope({ scopes: ['patient/ImagingStudy.rs'] }, 'ImagingStudy', 'r')).not.toThrow();
    expect(() => requireScope({ scopes: ['patient/ImagingStudy.rs'] }, 'Patient', 'r')).toThrow(
      "The token's scopes do not allow reading Patient",
    );
  });
});
