import { Injectable } from '@nestjs/common';
import type { Custodian } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { CustodianRepository } from '../custodian.repository';

/**
 * Registers a facility (custodian) unless one of that id exists, audited. Facilities come from the
 * portal's operators (today: the demo seed); no public route creates them.
 */
@Injectable()
export class SaveCustodian {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly custodians: CustodianRepository,
  ) {}

  async execute(custodian: Omit<Custodian, 'aliases'>, caller: Caller): Promise<void> {
    await this.kit.transaction(async (tx) => {
      await this.custodians.insertIfMissing(tx, custodian);
      await this.kit.audit.record(tx, caller, { action: 'requests.custodian-saved', resourceType: 'custodian', resourceId: custodian.id });
    });
  }
}
