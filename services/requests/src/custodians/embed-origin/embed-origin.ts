import { Injectable } from '@nestjs/common';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { CustodianRepository } from '../custodian.repository';

/** An origin as browsers send it: scheme, host and port, lower case; anything else is no origin. */
export const normalizeOrigin = (value: string): string | null => {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return url.origin.toLowerCase();
  } catch {
    return null;
  }
};

/** GET embedOrigin?origin=: whether some facility lets that web site embed the wizard (the gateway's CORS). */
@Injectable()
export class CheckEmbedOrigin {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly custodians: CustodianRepository,
  ) {}

  async execute(origin: string): Promise<{ allowed: boolean; custodianIds: string[] }> {
    const normalized = normalizeOrigin(origin);
    const custodianIds = normalized
      ? await this.custodians.custodiansAllowingOrigin(this.kit.db, normalized)
      : [];
    return { allowed: custodianIds.length > 0, custodianIds };
  }
}
