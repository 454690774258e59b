import { Injectable } from '@nestjs/common';
import { VIEWER_TOKEN_TTL_SECONDS, type ViewerAccess } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit, ViewerTokens } from '@portal/server-kit';
import { isStudyUid } from '../../studies/get-study-thumbnail/get-study-thumbnail';
import { StudyAccess } from '../../studies/study-access/study-access';

const UNAVAILABLE: ViewerAccess = { jwt: null, study_available: false };

/**
 * GET imaging/studies/{uid}/viewerToken (records spec §7): a view token for one study the caller sees
 * instances of. A study that is not theirs answers exactly like one whose images are not in the store
 * (study_available false), so the answer tells a stranger nothing. Every ask is audited.
 */
@Injectable()
export class GetViewerToken {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly access: StudyAccess,
    private readonly tokens: ViewerTokens,
  ) {}

  async execute(userId: string, studyInstanceUid: string, caller: Caller): Promise<ViewerAccess> {
    const owner = isStudyUid(studyInstanceUid) ? await this.access.ownerVisibleTo(this.kit.db, userId, studyInstanceUid) : null;
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'imaging.viewer-token',
      resourceType: 'study',
      resourceId: studyInstanceUid.slice(0, 64),
      subjectId: owner,
      detail: { issued: owner !== null },
    });
    if (!owner) return UNAVAILABLE;
    const jwt = await this.tokens.sign({ sub: userId, owner, studies: [studyInstanceUid], purpose: 'view' }, VIEWER_TOKEN_TTL_SECONDS);
    return { jwt, study_available: true };
  }
}
