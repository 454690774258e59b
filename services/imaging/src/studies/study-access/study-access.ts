import { Injectable } from '@nestjs/common';
import type { Queryable } from '@portal/server-kit';
import { InstanceRepository } from '../../instances/instance.repository';

/**
 * The one rule of who may see a study: today the user who owns instances of it. Sharing grants
 * (issue 13) join here, answering the sharer as the owner whose instances the viewer sees.
 */
@Injectable()
export class StudyAccess {
  constructor(private readonly instances: InstanceRepository) {}

  /** Whose instances of the study the user sees, or null: the study is not theirs to see (404, like a missing one). */
  async ownerVisibleTo(db: Queryable, userId: string, studyInstanceUid: string): Promise<string | null> {
    return (await this.instances.hasStudy(db, userId, studyInstanceUid)) ? userId : null;
  }
}
