import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { LibraryRepository } from '../library.repository';

/**
 * On `requests.patient-request-status-changed`: the library shows the request's status as the requests
 * context set it. Two changes may arrive in either order; the one with the later time stands.
 */
@Injectable()
export class RecordRequestStatus {
  constructor(private readonly library: LibraryRepository) {}

  /** Runs in the consumer's transaction, which also marks the event processed. */
  execute(tx: Tx, e: EventPayloads['requests.patient-request-status-changed']): Promise<void> {
    return this.library.setRequestStatus(tx, e.patientRequestId, e.userId, e.status, e.at);
  }
}
