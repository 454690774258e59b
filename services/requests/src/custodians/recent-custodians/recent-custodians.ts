import { Injectable } from '@nestjs/common';
import type { Custodian } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { CustodianRepository } from '../custodian.repository';

export const RECENT_CUSTODIANS_LIMIT = 10;

/** GET getRecentCustodians: facilities the caller requested from, newest request first (only theirs). */
@Injectable()
export class GetRecentCustodians {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly custodians: CustodianRepository,
  ) {}

  execute(userId: string): Promise<Custodian[]> {
    return this.custodians.recentForUser(this.kit.db, userId, RECENT_CUSTODIANS_LIMIT);
  }
}
