import { Injectable } from '@nestjs/common';
import type { Custodian } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { CustodianRepository } from '../custodian.repository';

export const CUSTODIAN_SEARCH_LIMIT = 20;
const MAX_TEXT = 100;

/** GET getCustodians?filterStr=&zipCode=: the landing page's facility search. */
@Injectable()
export class SearchCustodians {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly custodians: CustodianRepository,
  ) {}

  execute(filterStr = '', zipCode?: string): Promise<Custodian[]> {
    return this.custodians.search(this.kit.db, filterStr.trim().slice(0, MAX_TEXT), zipCode?.trim() || null, CUSTODIAN_SEARCH_LIMIT);
  }
}
