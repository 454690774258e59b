import { Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import { DOWNLOAD_TOKEN_TTL_SECONDS, type DownloadIdentifier, IMAGING_API, SHARING_API, type downloadQuerySchema } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit, ViewerTokens } from '@portal/server-kit';
import { sharedRecordNotFound } from '../../sharing.errors';
import { RecipientRepository } from '../../people/recipient.repository';

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
    private readonly recipients: RecipientRepository,
  ) {}

  async execute(userId: string, q: InferType<typeof downloadQuerySchema>, kind: 'iso' | 'zip', caller: Caller): Promise<DownloadIdentifier> {
    const owner = await this.recipients.studyOwnerFor(this.kit.db, userId, q.patientRequestId, q.studyUid);
    if (!owner) throw sharedRecordNotFound();
    const identifier = await this.tokens.sign({ sub: userId, owner: owner, studies: [q.studyUid], purpose: 'download' }, DOWNLOAD_TOKEN_TTL_SECONDS);
    await this.kit.audit.record(this.kit.db, caller, { action: `sharing.${kind}-identifier`, resourceType: 'study', resourceId: q.studyUid, subjectId: owner });
    const url = kind === 'iso' ? `${SHARING_API.fetchDownloadISO}?identifier=${encodeURIComponent(identifier)}` : IMAGING_API.archive(identifier);
    return { identifier, url };
  }
}
