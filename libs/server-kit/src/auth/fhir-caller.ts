import { type CanActivate, createParamDecorator, type ExecutionContext, Injectable } from '@nestjs/common';
import {
  FHIR_TOKEN_AUDIENCE,
  hasPatientScope,
  scopesAllow,
  type SmartAccessClaims,
  type SmartInteraction,
} from '@portal/contracts';
import { forbidden, unauthenticated } from '../errors/app-error';
import { KeyRing, SessionRevocations, type VerifiedClaims } from './key-ring';

/** The whole patient record, read-only: what a patient's own portal session may do over FHIR. */
export const OWNER_FHIR_SCOPES = ['patient/*.rs'] as const;

/**
 * Who reads over FHIR (or DICOMweb with a SMART token): a SMART app for the patient in its token's
 * context, limited to the scopes granted; or the patient themself with their portal session (Settings'
 * Download everything), reading their whole record.
 */
export interface FhirCaller {
  /** The account whose record is read. */
  userId: string;
  /** The FHIR Patient id in context (the account holder). */
  patientId: string;
  scopes: readonly string[];
  /** The app and its authorization; null for the patient's own session. */
  clientId: string | null;
  authorizationId: string | null;
}

type FhirRequest = { headers: Record<string, string | undefined>; fhirCaller?: FhirCaller };

/**
 * Resolves the caller of a FHIR route from its bearer token. SMART tokens carry their own audience, so
 * they open nothing but FHIR and DICOMweb reads; a revoked authorization is refused on the next call
 * (its id is the token's `sid`, named by `auth.session-revoked`). A token with a patient scope but no
 * patient in context is refused (SMART 2.2 §3.0.4: patient scopes are meaningless without one).
 */
@Injectable()
export class FhirCallers {
  constructor(
    private readonly keys: KeyRing,
    private readonly revocations: SessionRevocations,
  ) {}

  async of(header: string | undefined): Promise<FhirCaller> {
    if (!header?.startsWith('Bearer ')) throw unauthenticated();
    const token = header.slice(7);
    const smart = await this.keys.verify(token, FHIR_TOKEN_AUDIENCE).catch(() => null);
    if (smart) {
      const claims = smart as unknown as SmartAccessClaims;
      if (this.revocations.isRevoked(claims)) throw unauthenticated();
      const scopes = claims.scope.split(' ').filter(Boolean);
      if (hasPatientScope(scopes) && !claims.patient)
        throw unauthenticated('This token has patient scopes but no patient');
      return {
        userId: claims.sub,
        patientId: claims.patient ?? claims.sub,
        scopes,
        clientId: claims.client_id,
        authorizationId: claims.sid,
      };
    }
    const own: VerifiedClaims = await this.keys.verify(token);
    if (this.revocations.isRevoked(own)) throw unauthenticated();
    if (own.role !== 'PATIENT') throw forbidden('Only a patient reads their record over FHIR');
    return {
      userId: own.sub,
      patientId: own.sub,
      scopes: OWNER_FHIR_SCOPES,
      clientId: null,
      authorizationId: null,
    };
  }
}

/** Guards a FHIR route (mark it @Public() too: the portal guard refuses SMART tokens by their audience). */
@Injectable()
export class FhirGuard implements CanActivate {
  constructor(private readonly callers: FhirCallers) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<FhirRequest>();
    req.fhirCaller = await this.callers.of(req.headers.authorization);
    return true;
  }
}

/** The FhirCaller a FhirGuard resolved. */
export const CurrentFhirCaller = createParamDecorator(
  (_: unknown, ctx: ExecutionContext): FhirCaller => ctx.switchToHttp().getRequest<FhirRequest>().fhirCaller!,
);

/** Refuses an interaction the caller's scopes do not allow (403, SMART's insufficient_scope). */
export const requireScope = (
  caller: Pick<FhirCaller, 'scopes'>,
  type: string,
  interaction: SmartInteraction,
): void => {
  if (!scopesAllow(caller.scopes, type, interaction))
    throw forbidden(
      `The token's scopes do not allow ${interaction === 's' ? 'searching' : interaction === 'r' ? 'reading' : 'changing'} ${type}`,
    );
};
