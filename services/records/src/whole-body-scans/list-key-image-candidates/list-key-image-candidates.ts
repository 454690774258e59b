import { Injectable } from '@nestjs/common';
import type { KeyImageCandidate } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { FacilityRepository } from '../facility.repository';
import { FacilityStaff } from '../facility-staff';
import { patientRequestNotFound } from '../whole-body-scans.errors';

/** At most this many instances are offered (a key image is picked from a few series). */
export const CANDIDATE_LIMIT = 2000;

/**
 * GET wholeBodyScanFacility/keyImageCandidates?patientRequestId=: the stored instances of the request's
 * delivered studies, as imaging announced them; a request of another facility: 404. Audited.
 */
@Injectable()
export class ListKeyImageCandidates {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly staff: FacilityStaff,
    private readonly facilities: FacilityRepository,
  ) {}

  async execute(callerId: string, patientRequestId: string, caller: Caller): Promise<KeyImageCandidate[]> {
    const custodianIds = await this.staff.custodianIdsOf(this.kit.db, callerId);
    const request = await this.facilities.requestAt(this.kit.db, patientRequestId, custodianIds);
    if (!request) throw patientRequestNotFound();
    const rows = await this.facilities.keyImageCandidates(this.kit.db, request, CANDIDATE_LIMIT);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.wbs-key-image-candidates-read',
      resourceType: 'patient_request',
      resourceId: request.id,
      subjectId: request.user_id,
      detail: { instances: rows.length },
    });
    return rows;
  }
}
