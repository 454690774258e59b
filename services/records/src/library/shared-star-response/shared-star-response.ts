import { Injectable } from '@nestjs/common';
import type { SharedStarInput, StarAnswer } from '@portal/contracts';
import { type Caller, fieldInvalid, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { responseNotFound } from '../library.errors';
import { SharedAccess } from '../shared-access';
import { StarRepository } from '../star.repository';

/** The item a shared star is kept under: the study's UID or the document's id. */
export const sharedItemKey = (input: Pick<SharedStarInput, 'studyUid' | 'documentId'>): string =>
  input.studyUid ? `study:${input.studyUid}` : `document:${input.documentId}`;

/** POST sharedWithMe/starResponse: the caller's own star on a record shared with them (anything else is a 404); audited. */
@Injectable()
export class SharedStarResponse {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly stars: StarRepository,
    private readonly access: SharedAccess,
  ) {}

  async execute(userId: string, input: SharedStarInput, caller: Caller): Promise<StarAnswer> {
    if (!input.studyUid === !input.documentId)
      throw fieldInvalid('studyUid', 'Name either studyUid or documentId');
    return this.kit.transaction(async (tx) => {
      if (!(await this.access.canSee(tx, userId, input))) throw responseNotFound();
      await this.stars.setSharedStar(tx, userId, input.patientRequestId, sharedItemKey(input), input.starred);
      await this.kit.audit.record(tx, caller, {
        action: input.starred ? 'records.shared-starred' : 'records.shared-unstarred',
        resourceType: 'record',
        resourceId: input.patientRequestId,
        subjectId: userId,
        detail: { item: sharedItemKey(input) },
      });
      return { starred: input.starred };
    });
  }
}
