import { Injectable } from '@nestjs/common';
import type { StarAnswer, StarInput } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { responseNotFound } from '../library.errors';
import { StarRepository } from '../star.repository';

/**
 * POST myRecords/starResponse and unstarResponse: the caller's star on one of their approved responses
 * (a study or a document of that patient request; anything else is a 404). Idempotent both ways; audited.
 */
@Injectable()
export class StarResponse {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly stars: StarRepository,
  ) {}

  execute(userId: string, input: StarInput, starred: boolean, caller: Caller): Promise<StarAnswer> {
    return this.kit.transaction(async (tx) => {
      if (!(await this.stars.ownsResponse(tx, userId, input.patientRequestId, input.cfindResponseId)))
        throw responseNotFound();
      if (starred) await this.stars.star(tx, userId, input.patientRequestId, input.cfindResponseId);
      else await this.stars.unstar(tx, userId, input.cfindResponseId);
      await this.kit.audit.record(tx, caller, {
        action: starred ? 'records.starred' : 'records.unstarred',
        resourceType: 'record',
        resourceId: input.cfindResponseId,
        subjectId: userId,
        detail: { patientRequestId: input.patientRequestId, docReqType: input.docReqType },
      });
      return { starred };
    });
  }
}
