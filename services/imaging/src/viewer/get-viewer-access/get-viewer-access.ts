import { Injectable } from '@nestjs/common';
import { VIEWER_TOKEN_TTL_SECONDS, type ViewerAccess } from '@portal/contracts';
import { type Caller, InjectContext, reasonText, type UseCaseKit, ViewerTokens } from '@portal/server-kit';
import { isStudyUid } from '../../studies/get-study-thumbnail/get-study-thumbnail';
import { StudyAccess } from '../../studies/study-access/study-access';

/**
 * The viewer access token for a study (records spec §7): a view token for exactly that study when the
 * user sees instances of it. Otherwise study_available is false, the same answer for a study still being
 * fetched and for one that is not theirs, so nothing about other people's studies leaks.
 */
@Injectable()
export class GetViewerAccess {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly access: StudyAccess,
    private readonly tokens: ViewerTokens,
  ) {}

  async execute(userId: string, studyInstanceUid: string, caller: Caller): Promise<ViewerAccess> {
    const decision = isStudyUid(studyInstanceUid)
      ? await this.access.decide(this.kit.db, userId, studyInstanceUid)
      : null;
    if (!decision) return { jwt: null, study_available: false };
    const { owner } = decision;
    await this.kit.transaction(async (tx) => {
      await this.kit.audit.record(tx, caller, {
        action: 'imaging.viewer-token-issued',
        resourceType: 'study',
        resourceId: studyInstanceUid,
        subjectId: owner,
        detail: { access: reasonText(decision.reason) },
      });
      // A shared study opened in the viewer: sharing counts it and tells the owner of the first access.
      if (owner !== userId)
        await this.kit.events.record(tx, 'imaging.shared-study-opened', {
          ownerUserId: owner,
          viewerUserId: userId,
          patientRequestId: null,
          studyUid: studyInstanceUid,
          documentId: null,
          at: new Date().toISOString(),
        });
    });
    const jwt = await this.tokens.sign(
      { sub: userId, owner, studies: [studyInstanceUid], purpose: 'view' },
      VIEWER_TOKEN_TTL_SECONDS,
    );
    return { jwt, study_available: true };
  }
}
