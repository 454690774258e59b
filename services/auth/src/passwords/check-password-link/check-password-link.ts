import { Injectable } from '@nestjs/common';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { AccountLinks, PASSWORD_LINKS } from '../../links/account-links';

/** GET checkResetPasswordToken: whether a mailed set or reset link is still good (it is not used up). */
@Injectable()
export class CheckPasswordLink {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly links: AccountLinks,
  ) {}

  async execute(token: string): Promise<{ valid: true; purpose: string }> {
    const link = await this.kit.transaction((tx) =>
      this.links.consume(tx, token, PASSWORD_LINKS, { peek: true }),
    );
    return { valid: true, purpose: link.purpose };
  }
}
