import { Injectable } from '@nestjs/common';
import type { SharedPerson } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { SharedPersonRepository } from '../shared-person.repository';

/** GET getSharedUsersList: everyone the owner shares with, oldest first. */
@Injectable()
export class ListSharedPeople {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly people: SharedPersonRepository,
  ) {}

  execute(ownerUserId: string): Promise<SharedPerson[]> {
    return this.people.listByOwner(this.kit.db, ownerUserId);
  }
}
