import { Inject, Injectable } from '@nestjs/common';
import {
  FHIR_API,
  hasPatientScope,
  SMART_ACCESS_TOKEN_TTL_SECONDS,
  SMART_REFRESH_TTL_DAYS,
} from '@portal/contracts';
import { CONFIG, type PortalConfig, type Queryable } from '@portal/server-kit';
import { TokenService } from '../sessions/token.service';
import { randomToken, sha256 } from '../sessions/random-token';
import { type AuthorizationRow, SmartAuthorizationRepository } from './smart-authorization.repository';
import { fhirBaseOf } from './smart-urls';

/** online_access keeps an app in while the patient is about (a day); offline_access until revoked (90 days per rotation). */
const ONLINE_REFRESH_DAYS = 1;

export interface SmartTokenAnswer {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  patient?: string;
  refresh_token?: string;
  id_token?: string;
  need_patient_banner: boolean;
}

/**
 * What an authorization hands an app at each exchange (SMART 2.2 §2.1.8): a short access token naming the
 * authorization as its session (so revoking it ends the token at once everywhere), the patient in context,
 * a new single-use refresh token when the app asked for one, and an id token for `openid fhirUser`.
 */
@Injectable()
export class SmartGrants {
  constructor(
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly tokens: TokenService,
    private readonly authorizations: SmartAuthorizationRepository,
  ) {}

  async answer(tx: Queryable, a: AuthorizationRow): Promise<SmartTokenAnswer> {
    const scope = a.scopes.join(' ');
    const patient = hasPatientScope(a.scopes) ? (a.patientId ?? undefined) : undefined;
    const refreshDays = a.scopes.includes('offline_access')
      ? SMART_REFRESH_TTL_DAYS
      : a.scopes.includes('online_access')
        ? ONLINE_REFRESH_DAYS
        : 0;
    let refreshToken: string | undefined;
    if (refreshDays) {
      refreshToken = randomToken();
      await this.authorizations.insertRefreshToken(tx, {
        tokenHash: sha256(refreshToken),
        authorizationId: a.id,
        expiresAt: new Date(Date.now() + refreshDays * 86400_000),
      });
    }
    await this.authorizations.touch(tx, a.id);
    const fhirBase = fhirBaseOf(this.config);
    return {
      access_token: await this.tokens.signSmartAccess({
        sub: a.userId,
        sid: a.id,
        client_id: a.clientId,
        scope,
        ...(patient ? { patient } : {}),
      }),
      token_type: 'Bearer',
      expires_in: SMART_ACCESS_TOKEN_TTL_SECONDS,
      scope,
      ...(patient ? { patient } : {}),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
      ...(a.scopes.includes('openid') && a.scopes.includes('fhirUser')
        ? {
            id_token: await this.tokens.signIdToken({
              sub: a.userId,
              clientId: a.clientId,
              issuer: fhirBase,
              fhirUser: `${fhirBase}${FHIR_API.read('Patient', a.userId).slice(FHIR_API.base.length)}`,
            }),
          }
        : {}),
      need_patient_banner: true,
    };
  }
}
