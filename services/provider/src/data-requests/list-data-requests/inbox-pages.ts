import { Injectable } from '@nestjs/common';
import type { DataRequestPage } from '@portal/contracts';
import { LRUCache } from 'lru-cache';
import type { InboxQuery } from '../data-request.repository';

/** At most this many requests are kept across all pages (a page of 50 is about 40 kB as objects). */
const KEPT_ROWS = 20_000;

/**
 * Inbox pages already answered, by everything a page depends on: the facilities and their inbox
 * versions (raised by triggers in the transaction of every change that a page shows; migration
 * 1768200000000), the UTC day (days left and the overdue and due-soon counts move with it) and the
 * query. A page kept under a key is the page its statement would give again, so it is never stale;
 * a change makes a new key and the old page ages out. Kept per process: each gateway or service
 * instance reads the versions from the database, so instances never disagree.
 *
 * Why: on two cores the page's statement and the mapping of its 50 rows cost about 4 ms of CPU, and
 * 20 staff screens reading the same first page queue behind each other (p99 about 100 ms against a
 * 50 ms target); answered again, a read costs the versions' lookup and its audit row.
 */
@Injectable()
export class InboxPages {
  /** fetch() runs `read` once per key: readers arriving while it runs (a new version) share its answer. */
  private readonly pages = new LRUCache<string, DataRequestPage, () => Promise<DataRequestPage>>({
    maxSize: KEPT_ROWS,
    sizeCalculation: (page) => page.rows.length + 1,
    fetchMethod: async (_key, _stale, { context: read }) => Object.freeze(await read()),
  });

  /** The key of a page of `inboxes` for `query` on the day of `now`. */
  static key(inboxes: Array<{ custodianId: string; version: string }>, query: InboxQuery, now: Date): string {
    return JSON.stringify([
      inboxes.map((i) => `${i.custodianId}@${i.version}`),
      now.toISOString().slice(0, 10),
      query.search,
      query.sort ?? 'created',
      query.page,
      query.pageSize,
    ]);
  }

  /** The page kept under `key`, else the one `read` gives, then kept. The page is shared: never change it. */
  async get(key: string, read: () => Promise<DataRequestPage>): Promise<DataRequestPage> {
    return (await this.pages.fetch(key, { context: read }))!;
  }
}
