import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { type EventPayloads, UNLISTED_FACILITY_LINK_TTL_DAYS } from '@portal/contracts';
import {
  CONFIG,
  InjectContext,
  logger,
  MailService,
  type PortalConfig,
  type Queryable,
  SYSTEM_CALLER,
  type UseCaseKit,
} from '@portal/server-kit';
import { UserRepository } from '../../accounts/user.repository';
import { AccountLinkRepository } from '../../links/account-link.repository';
import { storeLink } from '../../links/account-links';

/** The one-time account's address: no mailbox, so nobody can sign in with it or reset its (absent) password. */
export const facilityAccountEmail = (accountUserId: string): string =>
  `facility-${accountUserId}@unlisted-facility.invalid`;

/**
 * A request went to a facility a patient named (requests.unlisted-facility-requested): the facility gets
 * a one-time account (EXTERNAL_PROVIDER only, no password, no mailbox of its own) and a single-use,
 * expiring link to it is mailed to the address the patient typed. That address is unproved, so the
 * account holds nothing but this request: provider makes it staff of that one facility entry, which
 * takes one request. Each event applies once; a second delivery finds the account and does nothing.
 */
@Injectable()
export class OpenFacilityAccount {
  constructor(
    @InjectContext('auth') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly mailer: MailService,
    private readonly users: UserRepository,
    private readonly links: AccountLinkRepository,
  ) {}

  async execute(tx: Queryable, e: EventPayloads['requests.unlisted-facility-requested']): Promise<void> {
    if (await this.users.findById(tx, e.accountUserId)) return;
    await this.users.insert(tx, {
      id: e.accountUserId,
      email: facilityAccountEmail(e.accountUserId),
      passwordHash: null,
      firstName: e.facilityName.slice(0, 100),
      lastName: '',
      dateOfBirth: null,
      locale: 'UTC',
      personId: randomUUID(),
      roles: ['EXTERNAL_PROVIDER'],
      emailVerified: false,
    });
    const link = await storeLink(this.links, tx, this.config.publicUrl, e.accountUserId, 'FACILITY_ACCESS', {
      patientRequestId: e.patientRequestId,
    });
    await this.kit.audit.record(tx, SYSTEM_CALLER, {
      actorId: null,
      action: 'auth.facility-account-opened',
      resourceType: 'user',
      resourceId: e.accountUserId,
      subjectId: e.accountUserId,
      detail: { patientRequestId: e.patientRequestId, custodianId: e.custodianId, mailedTo: e.facilityEmail },
    });
    // No patient data in the mail: the address is the patient's word only.
    await this.mailer
      .send({
        to: e.facilityEmail,
        subject: `A patient asks ${e.facilityName} for their records`,
        text:
          `Hello,\n\nA patient asked ${e.facilityName} for their medical records through the Patient Portal and gave this address for the facility.\n\n` +
          `Open the request and upload the records with this link (it works once and is valid for ${UNLISTED_FACILITY_LINK_TTL_DAYS} days):\n${link}\n\n` +
          `The link opens this one request and nothing else. If you do not hold these records, ignore this mail.\n\nThe Patient Portal team\n`,
      })
      .catch((err: Error) => logger.warn({ err: err.message }, 'facility access mail failed'));
  }
}
