import { Injectable } from '@nestjs/common';
import type { ShareableRecord } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { SharedPersonRepository } from '../shared-person.repository';

/** GET sharing/records: what the owner can share (the invite form's limited-access list). */
@Injectable()
export class ListShareableRecords {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly people: SharedPersonRepository,
  ) {}

  execute(ownerUserId: string): Promise<ShareableRecord[]> {
    return this.people.shareableRecords(this.kit.db, ownerUserId);
  }
}
