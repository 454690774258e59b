import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import { LibraryRepository } from '../library.repository';

/** On `imaging.study-stored`: the study becomes an approved response of its request in the patient's library. */
@Injectable()
export class RecordStoredStudy {
  constructor(private readonly library: LibraryRepository) {}

  /** Runs in the consumer's transaction, which also marks the event processed. */
  execute(tx: Tx, event: EventPayloads['imaging.study-stored']): Promise<void> {
    return this.library.upsertStudy(tx, randomUUID(), event);
  }
}
