import { Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import { DOWNLOAD_TOKEN_TTL_SECONDS, type DownloadIdentifier, IMAGING_API, SHARING_API, type downloadQuerySchema } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit, ViewerTokens } from '@portal/server-kit';
import { sharedRecordNotFound } from '../../sharing.errors';

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
  ) {}

  async execute(userId: string, q: InferType<typeof downloadQuerySchema>, kind: 'iso' | 'zip', caller: Caller): Promise<DownloadIdentifier> {
    const [row] = await this.kit.db.query(
      `SELECT s.owner_user_id FROM sharing.library_studies s
       WHERE s.study_instance_uid = $2 AND s.patient_request_id = $3 AND (s.owner_user_id = $1 OR EXISTS (
         SELECT 1 FROM sharing.recipients r WHERE r.owner_user_id = s.owner_user_id AND r.recipient_user_id = $1 AND r.is_enabled
           AND (r.expires_at IS NULL OR r.expires_at > now())
           AND (r.all_records OR EXISTS (SELECT 1 FROM sharing.grants g WHERE g.recipient_id = r.id AND g.patient_request_id = s.patient_request_id AND g.study_instance_uid = s.study_instance_uid))))
       ORDER BY s.owner_user_id = $1 DESC LIMIT 1`,
      [userId, q.studyUid, q.patientRequestId],
    );
    if (!row) throw sharedRecordNotFound();
    const identifier = await this.tokens.sign({ sub: userId, owner: row.owner_user_id, studies: [q.studyUid], purpose: 'download' }, DOWNLOAD_TOKEN_TTL_SECONDS);
    await this.kit.audit.record(this.kit.db, caller, { action: `sharing.${kind}-identifier`, resourceType: 'study', resourceId: q.studyUid, subjectId: row.owner_user_id });
    const url = kind === 'iso' ? `${SHARING_API.fetchDownloadISO}?identifier=${encodeURIComponent(identifier)}` : IMAGING_API.archive(identifier);
    return { identifier, url };
  }
}
