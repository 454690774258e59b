import { Injectable } from '@nestjs/common';
import type { PatientRequest } from '@portal/contracts';
import { type Caller, InjectContext, reasonText, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../library.repository';
import { patientRequestNotFound } from '../library.errors';
import { toPatientRequest } from '../patient-request.mapper';
import { StarRepository } from '../star.repository';
import { SharedAccess } from '../shared-access';

/**
 * GET patientRequest/{id}: one request of the caller's library with its approved responses and stars;
 * for a person it is shared with, the sharer's request with only the responses their grant covers
 * (marked sharedWithMe, with who shared it, the opening told to sharing). Anyone else: 404. Audited.
 */
@Injectable()
export class GetPatientRequest {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly library: LibraryRepository,
    private readonly stars: StarRepository,
    private readonly access: SharedAccess,
  ) {}

  async execute(userId: string, patientRequestId: string, caller: Caller): Promise<PatientRequest> {
    const db = this.kit.db;
    const decision = await this.access.decide(db, userId, [{ patientRequestId }]);
    const row = decision && (await this.library.findOwnedRequest(db, patientRequestId, decision.owner));
    if (!decision || !row) throw patientRequestNotFound();
    const { owner } = decision;
    const sharer = decision.reason.kind === 'share' ? owner : null;
    const starred = new Set(await this.stars.starredOf(db, userId, patientRequestId));
    const request = toPatientRequest(row, starred);
    const responses = [];
    for (const response of request.approved_cfind_responses) {
      const key = {
        patientRequestId,
        studyUid: response.cfind_response?.study_instance_uid ?? null,
        documentId: response.cfind_response ? null : response.id,
      };
      if (sharer && !(await this.access.canSee(db, userId, key))) continue;
      responses.push({
        ...response,
        shared_with: sharer ? [] : await this.access.sharedWith(db, owner, key),
        sharedWithMe: !!sharer,
      });
    }
    await this.kit.transaction(async (tx) => {
      await this.kit.audit.record(tx, caller, {
        action: 'records.read',
        resourceType: 'patient-request',
        resourceId: patientRequestId,
        subjectId: owner,
        detail: { access: reasonText(decision.reason) },
      });
      if (sharer)
        await this.kit.events.record(tx, 'records.shared-record-opened', {
          ownerUserId: sharer,
          viewerUserId: userId,
          patientRequestId,
          studyUid: null,
          documentId: null,
          at: new Date().toISOString(),
        });
    });
    return {
      ...request,
      approved_cfind_responses: responses,
      shared_by: sharer ? { name: await this.access.sharerName(db, sharer), user_id: sharer } : null,
    };
  }
}
