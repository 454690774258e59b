import { Injectable } from '@nestjs/common';
import type { EventPayloads } from '@portal/contracts';
import { InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import { PersonRepository } from '../person.repository';

type Submitted = EventPayloads['requests.patient-request-submitted'];

/**
 * On `requests.patient-request-submitted`: an account made inside the wizard has only its address, and
 * the patient then types their own name, date of birth and phone into the request. A request for
 * themself (self filler, not a facility's) names the account holder with them, once: a profile that
 * has a name keeps it. Other contexts hear of the name (auth.profile-named), so mails say who shares.
 */
@Injectable()
export class NameFromRequest {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    private readonly persons: PersonRepository,
  ) {}

  async execute(tx: Tx, e: Submitted): Promise<boolean> {
    if (e.requestFiller !== 'self' || e.providerRequest) return false;
    const firstName = e.patient.firstName.trim();
    const lastName = e.patient.lastName.trim();
    if (!firstName || !lastName) return false;
    const named = await this.persons.nameIfUnnamed(tx, e.personId, e.userId, {
      firstName,
      lastName,
      dateOfBirth: e.patient.dateOfBirth || null,
      phone: e.patientPhone || null,
    });
    if (named)
      await this.kit.events.record(tx, 'auth.profile-named', {
        userId: e.userId,
        personId: e.personId,
        firstName,
        lastName,
        dateOfBirth: e.patient.dateOfBirth || null,
      });
    return named;
  }
}
