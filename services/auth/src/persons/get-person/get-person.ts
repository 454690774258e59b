import { Injectable } from '@nestjs/common';
import type { Person } from '@portal/contracts';
import {
  assertOwner,
  type CurrentUserClaims,
  InjectContext,
  type Queryable,
  type UseCaseKit,
  isUuid,
} from '@portal/server-kit';
import { toPerson } from '../person.mapper';
import { PersonRepository } from '../person.repository';

/** GET getPerson?personId=&full=: the caller's own person (their own when no id is given); anyone else's answers 404. */
@Injectable()
export class GetPerson {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly persons: PersonRepository,
  ) {}

  execute(
    user: Pick<CurrentUserClaims, 'sub' | 'personId'>,
    personId: string | undefined,
    full: boolean,
  ): Promise<Person> {
    // No id means the caller's own person; an id that is not a uuid is simply not found (read checks it).
    return this.read(this.kit.db, user, personId || user.personId, full);
  }

  /** One person the user owns, read inside `db` (a use case's own transaction may pass its own). */
  async read(
    db: Queryable,
    user: Pick<CurrentUserClaims, 'sub'>,
    id: string | null,
    full: boolean,
  ): Promise<Person> {
    const row = isUuid(id) ? await this.persons.find(db, id) : null;
    const person = toPerson(assertOwner(row, user, 'userId', 'Person'));
    return full ? { ...person, person_image: await this.persons.readPhoto(db, person.id) } : person;
  }
}
