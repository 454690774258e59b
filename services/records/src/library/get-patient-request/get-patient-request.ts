import { Injectable } from '@nestjs/common';
import type { PatientRequest } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../library.repository';
import { patientRequestNotFound } from '../library.errors';
import { toPatientRequest } from '../patient-request.mapper';
import { StarRepository } from '../star.repository';

/** GET patientRequest/{id}: one request of the caller's library with its approved responses and stars (anyone else: 404); audited. */
@Injectable()
export class GetPatientRequest {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly library: LibraryRepository,
    private readonly stars: StarRepository,
  ) {}

  async execute(userId: string, patientRequestId: string, caller: Caller): Promise<PatientRequest> {
    const row = await this.library.findOwnedRequest(this.kit.db, patientRequestId, userId);
    if (!row) throw patientRequestNotFound();
    const starred = new Set(await this.stars.starredOf(this.kit.db, userId, patientRequestId));
    await this.kit.audit.record(this.kit.db, caller, { action: 'records.read', resourceType: 'patient-request', resourceId: patientRequestId, subjectId: userId });
    return toPatientRequest(row, starred);
  }
}
