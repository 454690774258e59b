import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type Tx, type UseCaseKit } from '@portal/server-kit';
import { StaffRepository } from '../staff.repository';

/**
 * A user becomes staff of a facility and sees its data requests; assigning twice changes nothing but
 * announces it again (`provider.staff-assigned`, so a context that missed it catches up). Audited.
 */
@Injectable()
export class AssignStaff {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly staff: StaffRepository,
  ) {}

  async execute(userId: string, custodianId: string, caller: Caller): Promise<void> {
    await this.kit.transaction((tx) => this.within(tx, userId, custodianId, caller));
  }

  /** The same inside the caller's transaction (an event consumer's: the one-time account of a facility a patient named). */
  async within(tx: Tx, userId: string, custodianId: string, caller: Caller): Promise<void> {
    await this.staff.assign(tx, userId, custodianId);
    await this.kit.events.record(tx, 'provider.staff-assigned', {
      userId,
      custodianId,
      at: new Date().toISOString(),
    });
    await this.kit.audit.record(tx, caller, {
      action: 'provider.staff-assigned',
      resourceType: 'custodian',
      resourceId: custodianId,
      subjectId: userId,
    });
  }
}
