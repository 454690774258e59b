import { timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type Caller, CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import { loginAsOff, supportKeyWrong } from '../../auth.errors';
import { mintLoginAsLink } from './mint-login-as-link';

const sameSecret = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * POST loginAsUser {email, reason}: for support staff only (decision 0010). It does not exist unless
 * SUPPORT_API_KEY is set, and then needs that key; the link lives 5 minutes and works once.
 */
@Injectable()
export class IssueLoginAsLink {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'supportApiKey' | 'publicUrl'>,
  ) {}

  async execute(
    supportKey: string | undefined,
    input: { email: string; reason: string },
    caller: Caller,
  ): Promise<{ link: string }> {
    const expected = this.config.supportApiKey;
    if (!expected) throw loginAsOff();
    if (!supportKey || !sameSecret(supportKey, expected)) throw supportKeyWrong();
    const link = await this.kit.transaction((tx) =>
      mintLoginAsLink(tx, this.config.publicUrl, { ...input, via: 'api' }, caller),
    );
    return { link };
  }
}
