import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import type { Custodian } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { CustodianRepository } from '../custodian.repository';

export const CUSTODIAN_SEARCH_LIMIT = 20;
const MAX_TEXT = 100;
/**
 * Answers are kept this long. The catalogue is reference data that operators change rarely, and
 * every visitor typing "bost" gets the same answer: a typeahead at 50 connections on two cores only
 * meets its 30 ms p99 when repeated texts skip the database. Another instance of this context sees a
 * facility change at the latest after this time; this instance forgets at once (SaveCustodian).
 */
export const SEARCH_CACHE_TTL_MS = 60_000;
const SEARCH_CACHE_ENTRIES = 5_000;

/** The same search however it was typed: case, inner spaces and the order of query keys do not matter. */
export const searchKey = (text: string, zip: string | null, address: string | null): string =>
  JSON.stringify([text.toLowerCase().replace(/\s+/g, ' '), zip ?? '', (address ?? '').toLowerCase()]);

/** GET getCustodians?filterStr=&address=&zipCode= (landing page) and the wizard's getCustodians?filterStr=. */
@Injectable()
export class SearchCustodians {
  // fetchMethod also makes concurrent misses of one text share a single query.
  private readonly cache = new LRUCache<
    string,
    Custodian[],
    { text: string; zip: string | null; address: string | null }
  >({
    max: SEARCH_CACHE_ENTRIES,
    ttl: SEARCH_CACHE_TTL_MS,
    fetchMethod: (_key, _stale, { context }) =>
      this.custodians.search(this.kit.db, context.text, context.zip, CUSTODIAN_SEARCH_LIMIT, context.address),
  });

  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly custodians: CustodianRepository,
  ) {}

  async execute(filterStr = '', zipCode?: string, address?: string): Promise<Custodian[]> {
    const context = {
      text: filterStr.trim().slice(0, MAX_TEXT),
      zip: zipCode?.trim() || null,
      address: address?.trim() || null,
    };
    return (await this.cache.fetch(searchKey(context.text, context.zip, context.address), { context })) ?? [];
  }

  /** A facility changed: later searches read the catalogue again. */
  forget(): void {
    this.cache.clear();
  }
}
