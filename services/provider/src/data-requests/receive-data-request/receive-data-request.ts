import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { DataRequestRepository } from '../data-request.repository';

/** On `requests.patient-request-submitted`: the request reaches the inbox of the facility it is addressed to. */
@Injectable()
export class ReceiveDataRequest {
  constructor(private readonly dataRequests: DataRequestRepository) {}

  /** Runs in the consumer's transaction, which also marks the event processed. */
  execute(tx: Tx, event: EventPayloads['requests.patient-request-submitted']): Promise<void> {
    return this.dataRequests.upsert(tx, event);
  }
}
