import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import type { Custodian, unlistedFacilitySchema } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { custodianNotFound } from '../../requests.errors';
import { CustodianRepository } from '../custodian.repository';

/**
 * POST unlistedFacility ('Can't find your imaging provider? Start here'): the patient names a facility
 * that is not in the catalogue. It becomes a facility entry of their own: out of every search, missing
 * for anyone else, and good for one request (the wizard then runs as for any facility). The e-mail is
 * kept for that request's mail; it proves nothing and grants nothing here.
 */
@Injectable()
export class AddUnlistedFacility {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly custodians: CustodianRepository,
  ) {}

  async execute(
    userId: string,
    input: InferType<typeof unlistedFacilitySchema>,
    caller: Caller,
  ): Promise<Custodian> {
    const id = randomUUID();
    await this.kit.transaction(async (tx) => {
      await this.custodians.insertUnlisted(tx, {
        id,
        ownerUserId: userId,
        name: input.name,
        address: input.address,
        phone: input.phone,
        email: input.email,
      });
      await this.kit.audit.record(tx, caller, {
        actorId: userId,
        action: 'requests.unlisted-facility-added',
        resourceType: 'custodian',
        resourceId: id,
        subjectId: userId,
      });
    });
    const added = await this.custodians.findById(this.kit.db, id, userId);
    if (!added) throw custodianNotFound();
    return added;
  }
}
