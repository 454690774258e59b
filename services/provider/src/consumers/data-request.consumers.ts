import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext, SYSTEM_CALLER } from '@portal/server-kit';
import { ApplyStatusChange } from '../data-requests/apply-status-change/apply-status-change';
import { ReceiveDataRequest } from '../data-requests/receive-data-request/receive-data-request';
import { ProviderDemoSeed } from '../demo/seed-demo';
import { AssignStaff } from '../staff/assign-staff/assign-staff';

/** Fills the inbox from the requests context's events and follows their status; each event applies once. */
@Injectable()
export class DataRequestConsumers implements OnModuleInit {
  constructor(
    @InjectContext('provider') private readonly kit: ContextKit,
    private readonly receiveDataRequest: ReceiveDataRequest,
    private readonly applyStatusChange: ApplyStatusChange,
    private readonly demo: ProviderDemoSeed,
    private readonly assignStaff: AssignStaff,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume(
      'inbox',
      ['requests.patient-request-submitted'],
      async ({ payload }, tx) => {
        if (await this.receiveDataRequest.execute(tx, payload))
          this.demo.afterReceived(payload.patientRequestId);
      },
    );
    // A facility a patient named (issue 24): its one-time account is staff of that entry alone, which holds that one request.
    await this.kit.events.consume(
      'unlisted-facility-staff',
      ['requests.unlisted-facility-requested'],
      ({ payload }, tx) =>
        this.assignStaff.within(tx, payload.accountUserId, payload.custodianId, SYSTEM_CALLER),
    );
    await this.kit.events.consume(
      'inbox-status',
      ['requests.patient-request-status-changed'],
      ({ payload }, tx) => this.applyStatusChange.execute(tx, payload),
    );
  }
}
