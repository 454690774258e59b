import { MESSAGES } from '@portal/contracts';
import { AppError, ContextAudit } from '@portal/server-kit';
import { type Queryable, storeLink } from '../links/account-links';

const audit = new ContextAudit('auth');

export interface LoginAsRequest {
  email: string;
  reason: string;
  /** Where the operator asked: the support endpoint or the support CLI (bin/login-as.cjs). */
  via: 'api' | 'cli';
  ip?: string | null;
  requestId?: string | null;
}

/**
 * Mints a single-use login-as link inside the caller's transaction, audited with the operator's
 * reason. The operator endpoint and the support CLI both call this, so both leave the same trail.
 */
export const mintLoginAsLink = async (tx: Queryable, publicUrl: string, request: LoginAsRequest): Promise<string> => {
  const [user] = await tx.query<Array<{ id: string }>>(`SELECT id FROM auth.users WHERE email = $1`, [request.email.trim().toLowerCase()]);
  if (!user) throw new AppError('RESOURCE.NOT_FOUND', MESSAGES.emailNotFound);
  await audit.record(tx, {
    actorId: null,
    action: 'auth.login-as-issued',
    resourceType: 'user',
    resourceId: user.id,
    subjectId: user.id,
    ip: request.ip ?? null,
    requestId: request.requestId ?? null,
    detail: { reason: request.reason, via: request.via },
  });
  return storeLink(tx, publicUrl, user.id, 'LOGIN_AS');
};
