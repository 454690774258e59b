import { Injectable } from '@nestjs/common';
import type { CustodianDetails } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { custodianNotFound } from '../../requests.errors';
import { CustodianRepository } from '../custodian.repository';
import { toCustodianDetails } from '../custodian.mapper';

/**
 * GET linkCustodian?custodianId=: a user who signed in from a facility's login page (/{custodianId}/login)
 * is linked to it (kept, audited) and gets the facility to start the wizard with.
 */
@Injectable()
export class LinkCustodian {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly custodians: CustodianRepository,
  ) {}

  execute(userId: string, custodianId: string, caller: Caller): Promise<CustodianDetails> {
    return this.kit.transaction(async (tx) => {
      const row = await this.custodians.findSettings(tx, custodianId);
      if (!row) throw custodianNotFound();
      await this.custodians.link(tx, userId, custodianId);
      await this.kit.audit.record(tx, caller, {
        actorId: userId,
        action: 'requests.custodian-linked',
        resourceType: 'custodian',
        resourceId: custodianId,
        subjectId: userId,
      });
      return toCustodianDetails(row);
    });
  }
}
