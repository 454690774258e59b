import { Injectable } from '@nestjs/common';
import type { DataRequestPage } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DataRequestRepository, type InboxQuery, toDataRequest } from '../data-request.repository';
import { InboxPages } from './inbox-pages';

/**
 * GET getPatientRequestsForExternalProvider: requests to the caller's own facilities only, newest
 * first, searched by patient name, date of birth or request date, a page at a time, with the counts
 * of open requests overdue and due soon. The read of patient data is audited, also when the page is
 * answered again from InboxPages (the facilities are looked up on every read, so a staff member
 * removed from a facility stops seeing its inbox at once).
 */
@Injectable()
export class ListDataRequests {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly dataRequests: DataRequestRepository,
    private readonly pages: InboxPages,
  ) {}

  async execute(staffUserId: string, query: InboxQuery, caller: Caller): Promise<DataRequestPage> {
    const inboxes = await this.dataRequests.inboxesOf(this.kit.db, staffUserId);
    const now = new Date();
    const page = await this.pages.get(InboxPages.key(inboxes, query, now), async () => {
      const read = await this.dataRequests.page(
        this.kit.db,
        inboxes.map((i) => i.custodianId),
        query,
        now,
      );
      return { ...read, rows: read.rows.map((r) => toDataRequest(r, false, now)) };
    });
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'provider.inbox-read',
      resourceType: 'data_request',
      detail: { search: query.search, page: query.page, rows: page.rows.map((r) => r.id) },
    });
    return page;
  }
}
