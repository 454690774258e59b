import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { FacilityRepository } from './facility.repository';

/**
 * What whole body scans keep of other contexts' facts, each event applied once: the staff of the
 * facilities (provider), the instances of delivered studies a key image may name (imaging), and where
 * a patient is mailed (auth, at the event's version).
 */
@Injectable()
export class WholeBodyScanConsumers implements OnModuleInit {
  constructor(
    @InjectContext('records') private readonly kit: ContextKit,
    private readonly facilities: FacilityRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    const events = this.kit.events;
    await events.consume('wbs-staff', ['provider.staff-assigned'], ({ payload }, tx) =>
      this.facilities.addStaff(tx, payload.userId, payload.custodianId),
    );
    await events.consume('wbs-study-instances', ['imaging.study-stored'], ({ payload }, tx) =>
      this.facilities.recordInstances(tx, payload),
    );
    await events.consume(
      'wbs-recipients',
      ['auth.user-registered'],
      async (e, tx) =>
        void (await this.facilities.recordRecipient(tx, e.payload.userId, e.payload.email, e.sequence)),
    );
    await events.consume(
      'wbs-recipient-addresses',
      ['auth.email-changed'],
      async (e, tx) =>
        void (await this.facilities.recordRecipient(tx, e.payload.userId, e.payload.newEmail, e.sequence)),
    );
    await events.consume('wbs-recipients-removed', ['auth.account-removed'], ({ payload }, tx) =>
      this.facilities.removeRecipient(tx, payload.userId),
    );
  }
}
