import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { KeepAct } from '../acts/keep-act/keep-act';
import { KeepPerson } from '../people/keep-person/keep-person';

/** What the groups context learns from other contexts: each reaction is one use case. */
@Injectable()
export class GroupsConsumers implements OnModuleInit {
  constructor(
    @InjectContext('groups') private readonly kit: ContextKit,
    private readonly people: KeepPerson,
    private readonly acts: KeepAct,
  ) {}

  // One consumer per event type: a NATS consumer filters one subject (nats-server before 2.10 takes no list).
  async onModuleInit(): Promise<void> {
    const { events } = this.kit;
    await events.consume('people-registered', ['auth.user-registered'], (e, tx) =>
      this.people.registered(tx, e),
    );
    await events.consume('people-named', ['auth.profile-named'], (e, tx) => this.people.named(tx, e));
    await events.consume('people-verified', ['auth.email-verified'], (e, tx) =>
      this.people.emailVerified(tx, e),
    );
    await events.consume('people-emails', ['auth.email-changed'], (e, tx) => this.people.emailChanged(tx, e));
    await events.consume('people-identities', ['auth.identity-saved'], (e, tx) =>
      this.people.identitySaved(tx, e),
    );
    await events.consume('people-removed', ['auth.account-removed'], (e, tx) => this.people.removed(tx, e));
    await events.consume('acts', ['acting.act-recorded'], (e, tx) => this.acts.execute(tx, e));
  }
}
