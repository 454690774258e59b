import { Injectable } from '@nestjs/common';
import type { Custodian } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { custodianNotFound } from '../../requests.errors';
import { CustodianRepository } from '../custodian.repository';

/** GET getCustodiansDetails/{id}: one facility, for its page and its themed login. */
@Injectable()
export class GetCustodian {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly custodians: CustodianRepository,
  ) {}

  async execute(id: string): Promise<Custodian> {
    const custodian = await this.custodians.findById(this.kit.db, id);
    if (!custodian) throw custodianNotFound();
    return custodian;
  }
}
