import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { KeepAccountHolder } from '../library/keep-account-holder/keep-account-holder';
import { LinkInvitedPeople } from '../people/link-invited-people/link-invited-people';
import { RecordSharedUse } from '../people/record-shared-use/record-shared-use';

/** What sharing learns about people from other contexts: each reaction is one use case. */
@Injectable()
export class PeopleConsumers implements OnModuleInit {
  constructor(
    @InjectContext('sharing') private readonly kit: ContextKit,
    private readonly holders: KeepAccountHolder,
    private readonly invited: LinkInvitedPeople,
    private readonly sharedUse: RecordSharedUse,
  ) {}

  // One consumer per event type: a NATS consumer filters one subject (nats-server before 2.10 takes no list).
  async onModuleInit(): Promise<void> {
    const { events } = this.kit;
    await events.consume('account-holders', ['auth.user-registered'], ({ payload, occurredAt }, tx) =>
      this.holders.registered(tx, payload, occurredAt),
    );
    await events.consume(
      'account-holder-names',
      ['auth.profile-named'],
      async ({ payload }, tx) => void (await this.holders.named(tx, payload)),
    );
    await events.consume('people-emails', ['auth.email-changed'], ({ payload, occurredAt }, tx) =>
      this.holders.emailChanged(tx, payload, occurredAt),
    );
    await events.consume('people-accounts-removed', ['auth.account-removed'], ({ payload }, tx) =>
      this.holders.removed(tx, payload),
    );
    await events.consume(
      'people-notification-settings',
      ['auth.notification-settings-changed'],
      async ({ payload }, tx) => void (await this.holders.settingsChanged(tx, payload)),
    );
    await events.consume('people-verified', ['auth.email-verified'], ({ payload }, tx) =>
      this.invited.addressProved(tx, payload),
    );
    await events.consume('people-records-opened', ['records.shared-record-opened'], ({ payload }, tx) =>
      this.sharedUse.execute(tx, payload),
    );
    await events.consume('people-studies-opened', ['imaging.shared-study-opened'], ({ payload }, tx) =>
      this.sharedUse.execute(tx, payload),
    );
  }
}
