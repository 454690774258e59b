import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { KeepAccount } from '../accounts/keep-account/keep-account';
import { CountSeatsJob } from '../group-seats/count-seats/count-seats.job';
import { GroupMemberRepository } from '../group-seats/group-member.repository';
import { KeepRequestFee } from '../request-fees/keep-request-fee/keep-request-fee';
import { StorageStanding } from '../standing/storage-standing';

/** What the billing context learns from other contexts: each reaction is one use case. */
@Injectable()
export class BillingConsumers implements OnModuleInit {
  constructor(
    @InjectContext('billing') private readonly kit: ContextKit,
    private readonly accounts: KeepAccount,
    private readonly fees: KeepRequestFee,
    private readonly members: GroupMemberRepository,
    private readonly standing: StorageStanding,
    private readonly seats: CountSeatsJob,
  ) {}

  // One consumer per event type: a NATS consumer filters one subject.
  async onModuleInit(): Promise<void> {
    const { events } = this.kit;
    await events.consume('accounts-registered', ['auth.user-registered'], (e, tx) =>
      this.accounts.registered(tx, e),
    );
    await events.consume('accounts-named', ['auth.profile-named'], (e, tx) => this.accounts.named(tx, e));
    await events.consume('accounts-emails', ['auth.email-changed'], (e, tx) =>
      this.accounts.emailChanged(tx, e),
    );
    await events.consume('accounts-removed', ['auth.account-removed'], (e, tx) =>
      this.accounts.removed(tx, e),
    );
    await events.consume('request-fees', ['requests.patient-request-submitted'], (e, tx) =>
      this.fees.execute(tx, e),
    );
    // A member who joins or leaves a sponsored group: their cover now, the group's seat count just after.
    await events.consume('group-members', ['groups.membership-changed'], async (e, tx) => {
      if (!(await this.members.keep(tx, e.payload))) return;
      if (e.payload.role === 'PATIENT') await this.standing.refresh(tx, e.payload.userId);
      this.seats.soon();
    });
  }
}
