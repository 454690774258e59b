import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { ApplyFamilyMemberEvent } from '../family-members/apply-family-member-event/apply-family-member-event';

/** The wizard's family members and requester names, from auth's events. Each event applies once. */
@Injectable()
export class FamilyMemberConsumers implements OnModuleInit {
  constructor(
    @InjectContext('requests') private readonly kit: ContextKit,
    private readonly apply: ApplyFamilyMemberEvent,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('requesters', ['auth.user-registered'], ({ payload }, tx) => this.apply.registered(tx, payload));
    await this.kit.events.consume('requester-names', ['auth.profile-named'], ({ payload }, tx) => this.apply.registered(tx, payload));
    await this.kit.events.consume('family-members-saved', ['auth.family-member-saved'], ({ payload }, tx) => this.apply.saved(tx, payload));
    await this.kit.events.consume('family-members-removed', ['auth.family-member-removed'], ({ payload }, tx) => this.apply.removed(tx, payload));
    await this.kit.events.consume('accounts-removed', ['auth.account-removed'], ({ payload }, tx) => this.apply.accountRemoved(tx, payload));
  }
}
