import { Injectable } from '@nestjs/common';
import type { ViewerSession } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { viewerLinkNotFound, viewerPasswordWrong } from '../../sharing.errors';
import { linkPasswordMatches } from '../link-password';
import { LinkTokens } from '../link-tokens';
import { ViewerLinkRepository } from '../viewer-link.repository';
import { ViewerPasswordRateLimit } from '../viewer-password-rate-limit';

/**
 * POST sharing/viewerLinks/{id}/validatePassword: the password from the patient's form opens the link
 * for a view token. Attempts are counted per link and address before anything is checked (the one over
 * the limit answers 429); a wrong password answers 400 with the message the page marks the field with.
 * Every attempt is audited, never with the password.
 */
@Injectable()
export class ValidateViewerPassword {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly links: ViewerLinkRepository,
    private readonly tokens: LinkTokens,
    private readonly limit: ViewerPasswordRateLimit,
  ) {}

  async execute(id: string, password: string, caller: Caller): Promise<ViewerSession> {
    await this.limit.hit(id, caller.ip);
    const link = await this.links.findAvailable(this.kit.db, id);
    if (!link) throw viewerLinkNotFound();
    const right = link.passwordHash === null || (await linkPasswordMatches(password, link.passwordHash));
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'sharing.viewer-password-attempt',
      resourceType: 'viewer-link',
      resourceId: id,
      subjectId: link.ownerUserId,
      detail: { right },
    });
    if (!right) throw viewerPasswordWrong();
    const studies = (await this.links.studiesOf(this.kit.db, id)).map((s) => s.studyInstanceUid);
    return { token: await this.tokens.sign(link, studies, 'view') };
  }
}
