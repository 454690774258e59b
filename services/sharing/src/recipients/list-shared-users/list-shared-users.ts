import { Injectable } from '@nestjs/common';
import type { SharedUser } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { RecipientRepository } from '../recipient.repository';

/** GET getSharedUsersList: the people the caller shares with, oldest first. */
@Injectable()
export class ListSharedUsers {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly recipients: RecipientRepository,
  ) {}

  execute(ownerUserId: string): Promise<SharedUser[]> {
    return this.recipients.listByOwner(this.kit.db, ownerUserId);
  }
}
