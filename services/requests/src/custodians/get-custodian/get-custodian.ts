import { Injectable } from '@nestjs/common';
import type { CustodianDetails } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { custodianNotFound } from '../../requests.errors';
import { CustodianRepository } from '../custodian.repository';
import { toCustodianDetails } from '../custodian.mapper';

/** GET getCustodiansDetails/{id} and the wizard's getCustodian: one facility with its logo and record types. */
@Injectable()
export class GetCustodian {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly custodians: CustodianRepository,
  ) {}

  async execute(id: string): Promise<CustodianDetails> {
    const row = await this.custodians.findSettings(this.kit.db, id);
    if (!row) throw custodianNotFound();
    return toCustodianDetails(row);
  }
}
