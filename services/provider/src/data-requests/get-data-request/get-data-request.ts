import { Injectable } from '@nestjs/common';
import type { DataRequestDetail } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DataRequestRepository, toDataRequest } from '../data-request.repository';
import { requestOfStaff } from '../staff-request';

/**
 * GET provider/dataRequests/{id}: one request of the caller's facilities with its timeline. The first
 * open by a staff member marks it seen and tells the requests context (`provider.request-seen`), once.
 */
@Injectable()
export class GetDataRequest {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly dataRequests: DataRequestRepository,
  ) {}

  async execute(staffUserId: string, id: string, caller: Caller): Promise<DataRequestDetail> {
    return this.kit.transaction(async (tx) => {
      const request = await requestOfStaff(this.dataRequests, tx, staffUserId, id);
      const now = new Date();
      if (!request.seen_at && (await this.dataRequests.markSeen(tx, id, now))) {
        request.seen_at = now;
        await this.dataRequests.addTimeline(tx, id, 'SEEN_BY_FACILITY', now);
        await this.kit.events.record(tx, 'provider.request-seen', {
          patientRequestId: id,
          userId: request.patient_user_id,
          custodianId: request.custodian_id,
          seenAt: now.toISOString(),
        });
      }
      await this.kit.audit.record(tx, caller, {
        action: 'provider.data-request-read',
        resourceType: 'data_request',
        resourceId: id,
        subjectId: request.patient_user_id,
      });
      return { ...toDataRequest(request, false, now), timeline: await this.dataRequests.timeline(tx, id) };
    });
  }
}
