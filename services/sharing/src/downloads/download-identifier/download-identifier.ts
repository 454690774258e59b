import { Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import {
  DOWNLOAD_TOKEN_TTL_SECONDS,
  type DownloadIdentifier,
  IMAGING_API,
  type downloadQuerySchema,
} from '@portal/contracts';
import { type Caller, InjectContext, reasonText, type UseCaseKit, ViewerTokens } from '@portal/server-kit';
import { sharedRecordNotFound } from '../../sharing.errors';
import { SharingAccess } from '../../people/sharing-access';

/**
 * GET generateIdentifierForISO and downloadAllAttachments (records spec §7): a short-lived download
 * token of one study for its owner or a person who sees it now (a live share), and the url imaging
 * streams the ISO or the zip from. Anyone else: 404. Audited.
 */
@Injectable()
export class DownloadIdentifierUseCase {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly tokens: ViewerTokens,
    private readonly access: SharingAccess,
  ) {}

  async execute(
    userId: string,
    q: InferType<typeof downloadQuerySchema>,
    kind: 'iso' | 'zip',
    caller: Caller,
  ): Promise<DownloadIdentifier> {
    const decision = await this.access.policy.forUser(this.kit.db, userId, [
      { patientRequestId: q.patientRequestId, studyUid: q.studyUid },
    ]);
    if (!decision) throw sharedRecordNotFound();
    const { owner } = decision;
    const identifier = await this.tokens.sign(
      { sub: userId, owner: owner, studies: [q.studyUid], purpose: 'download' },
      DOWNLOAD_TOKEN_TTL_SECONDS,
    );
    await this.kit.audit.record(this.kit.db, caller, {
      action: `sharing.${kind}-identifier`,
      resourceType: 'study',
      resourceId: q.studyUid,
      subjectId: owner,
      detail: { access: reasonText(decision.reason) },
    });
    const url =
      kind === 'iso'
        ? `${IMAGING_API.fetchDownloadISO}?identifier=${encodeURIComponent(identifier)}`
        : IMAGING_API.archive(identifier);
    return { identifier, url };
  }
}
