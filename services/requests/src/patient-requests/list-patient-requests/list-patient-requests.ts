import { Injectable } from '@nestjs/common';
import type { PatientRequestRow } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { PatientRequestRepository } from '../patient-request.repository';

/** GET loadGrid: the caller's own requests, newest first. */
@Injectable()
export class ListPatientRequests {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly requests: PatientRequestRepository,
  ) {}

  execute(userId: string): Promise<PatientRequestRow[]> {
    return this.requests.listByUser(this.kit.db, userId);
  }
}
