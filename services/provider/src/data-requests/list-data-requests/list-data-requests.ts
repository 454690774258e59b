import { Injectable } from '@nestjs/common';
import type { DataRequest } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DataRequestRepository } from '../data-request.repository';

/** GET getPatientRequestsForExternalProvider: requests to the caller's own facilities only, newest first. */
@Injectable()
export class ListDataRequests {
  constructor(
    @InjectContext('provider') private readonly kit: UseCaseKit,
    private readonly dataRequests: DataRequestRepository,
  ) {}

  execute(staffUserId: string): Promise<DataRequest[]> {
    return this.dataRequests.listForStaff(this.kit.db, staffUserId);
  }
}
