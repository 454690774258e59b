import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { LibraryRepository } from '../library.repository';

/** On `requests.patient-request-submitted`: the request appears in the patient's library (Open Requests, All Requests). */
@Injectable()
export class RecordPatientRequest {
  constructor(private readonly library: LibraryRepository) {}

  /** Runs in the consumer's transaction, which also marks the event processed. */
  execute(tx: Tx, event: EventPayloads['requests.patient-request-submitted']): Promise<void> {
    return this.library.upsertRequest(tx, event);
  }
}
