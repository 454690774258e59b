import { Injectable } from '@nestjs/common';
import type { DataRequestPage } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DataRequestRepository, type InboxQuery, toDataRequest } from '../data-request.repository';

/**
 * GET getPatientRequestsForExternalProvider: requests to the caller's own facilities only, newest
 * first, searched by patient name, date of birth or request date, a page at a time, with the counts
 * of open requests overdue and due soon. The read of patient data is audited.
 */
@Injectable()
export class ListDataRequests {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly dataRequests: DataRequestRepository,
  ) {}

  async execute(staffUserId: string, query: InboxQuery, caller: Caller): Promise<DataRequestPage> {
    const custodians = await this.dataRequests.custodiansOf(this.kit.db, staffUserId);
    const page = await this.dataRequests.page(this.kit.db, custodians, query);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'provider.inbox-read',
      resourceType: 'data_request',
      detail: { search: query.search, page: query.page, rows: page.rows.map((r) => r.id) },
    });
    const now = new Date();
    return {
      total: page.total,
      overdue: page.overdue,
      dueSoon: page.dueSoon,
      rows: page.rows.map((r) => toDataRequest(r, false, now)),
    };
  }
}
