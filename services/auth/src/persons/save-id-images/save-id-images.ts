import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@portal/contracts';
import { type Caller, type CurrentUserClaims, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { GetPerson } from '../get-person/get-person';
import { decodeImages } from '../identity-images';
import { PersonRepository } from '../person.repository';

/** POST saveDetails/external-request {personId, photo, signature}: the external wizard's images, for the caller's own person only. */
@Injectable()
export class SaveIdImages {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly persons: PersonRepository,
    private readonly getPerson: GetPerson,
  ) {}

  async execute(
    user: Pick<CurrentUserClaims, 'sub' | 'personId'>,
    input: { personId: string; photo?: string | null; signature?: string | null },
    caller: Caller,
  ): Promise<{ message: string; personId: string }> {
    await this.kit.transaction(async (tx) => {
      await this.getPerson.read(tx, user, input.personId, false);
      for (const { kind, ...image } of await decodeImages({ photo: input.photo, signature: input.signature }))
        await this.persons.storeImage(tx, input.personId, kind, image);
      if (input.photo && input.personId === user.personId)
        await this.kit.events.record(tx, 'auth.identity-saved', {
          userId: user.sub,
          at: new Date().toISOString(),
        });
      await this.kit.audit.record(tx, caller, {
        action: 'identity.images-saved',
        resourceType: 'person',
        resourceId: input.personId,
        subjectId: user.sub,
        detail: { photo: !!input.photo, signature: !!input.signature },
      });
    });
    return { message: MESSAGES.profileUpdated, personId: input.personId };
  }
}
