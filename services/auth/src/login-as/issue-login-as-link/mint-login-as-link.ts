import { ContextAudit, type Queryable, SYSTEM_CALLER, type Caller } from '@portal/server-kit';
import { emailNotFound } from '../../auth.errors';
import { UserRepository } from '../../accounts/user.repository';
import { AccountLinkRepository } from '../../links/account-link.repository';
import { storeLink } from '../../links/account-links';

export interface LoginAsRequest {
  email: string;
  reason: string;
  /** Where the operator asked: the support endpoint or the support CLI (bin/login-as.cjs). */
  via: 'api' | 'cli';
}

/**
 * Mints a single-use login-as link inside the caller's transaction, audited with the operator's
 * reason. The operator endpoint and the support CLI both call this (the CLI on a plain pg client,
 * without Nest), so both leave the same trail.
 */
export const mintLoginAsLink = async (
  tx: Queryable,
  publicUrl: string,
  request: LoginAsRequest,
  caller: Caller = SYSTEM_CALLER,
): Promise<string> => {
  const user = await new UserRepository().findByEmail(tx, request.email);
  if (!user) throw emailNotFound();
  await new ContextAudit('auth').record(tx, caller, {
    actorId: null,
    action: 'auth.login-as-issued',
    resourceType: 'user',
    resourceId: user.id,
    subjectId: user.id,
    detail: { reason: request.reason, via: request.via },
  });
  return storeLink(new AccountLinkRepository(), tx, publicUrl, user.id, 'LOGIN_AS');
};
