import { Injectable } from '@nestjs/common';
import type { ProviderRecord } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DocumentRepository } from '../../documents/document.repository';

/**
 * GET provider/records?tab=&search=: the welcome page, the records the caller's facilities delivered.
 * favourites: starred by this staff member; shared: nothing until the sharing issue. Audited.
 */
@Injectable()
export class ListRecords {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly documents: DocumentRepository,
  ) {}

  async execute(
    staffUserId: string,
    q: { tab: string; search: string },
    caller: Caller,
  ): Promise<ProviderRecord[]> {
    if (q.tab === 'shared') return [];
    const records = await this.documents.records(this.kit.db, staffUserId, {
      favouritesOnly: q.tab === 'favourites',
      search: q.search,
    });
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'provider.records-read',
      resourceType: 'document',
      detail: { tab: q.tab, search: q.search, records: records.map((r) => r.id) },
    });
    return records;
  }
}
