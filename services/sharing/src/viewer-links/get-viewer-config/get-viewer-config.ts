import { Injectable } from '@nestjs/common';
import type { ApprovedCfindResponse, PublicPatientRequest, PublicViewerConfig } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { type LinkedStudyRow, LibraryRepository, SELF_UPLOADED } from '../../library/library.repository';
import { viewerLinkNotFound } from '../../sharing.errors';
import { LinkTokens } from '../link-tokens';
import { ViewerLinkRepository } from '../viewer-link.repository';

const toResponse = (s: LinkedStudyRow): ApprovedCfindResponse => ({
  id: s.id,
  cfind_response: {
    id: s.id,
    modality: s.modality,
    study_description: s.study_description,
    study_instance_uid: s.study_instance_uid,
    study_date_time: s.study_date,
    total_instances: s.number_of_instances,
    created_at: new Date(s.created_at).toISOString(),
  },
});

/** The link's studies grouped by patient request, each with its facility (or 'Self Uploaded') and patient. */
export const toPatientRequests = (rows: LinkedStudyRow[]): PublicPatientRequest[] => {
  const requests = new Map<string, PublicPatientRequest>();
  for (const s of rows) {
    const key = s.patient_request_id ?? '';
    let r = requests.get(key);
    if (!r) {
      const organization =
        s.custodian_name !== null
          ? { id: s.custodian_id ?? '', name: s.custodian_name }
          : { id: '', name: SELF_UPLOADED };
      r = {
        id: key,
        organization,
        patients: [{ first_name: s.patient_first_name ?? '', last_name: s.patient_last_name ?? '' }],
        approved_cfind_responses: [],
      };
      requests.set(key, r);
    }
    r.approved_cfind_responses.push(toResponse(s));
  }
  return [...requests.values()];
};

/**
 * GET sharing/viewerLinks/{id}/config (records spec §3, public viewer config): an unknown, expired or
 * revoked link answers 404, all alike. A password link without a view token of this link answers only
 * need_password: nothing about the patient shows before the password. Otherwise the studies and their
 * requests, from sharing's projections, and a view token (fresh when the link needs no password, the
 * caller's own otherwise). Every full answer is audited as a read of the owner's data.
 */
@Injectable()
export class GetViewerConfig {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly links: ViewerLinkRepository,
    private readonly library: LibraryRepository,
    private readonly tokens: LinkTokens,
  ) {}

  async execute(id: string, token: string | undefined, caller: Caller): Promise<PublicViewerConfig> {
    const link = await this.links.findAvailable(this.kit.db, id);
    if (!link) throw viewerLinkNotFound();
    const needPassword = link.passwordHash !== null;
    if (needPassword && !(await this.tokens.opens(token, id))) return { need_password: true };
    const studies = (await this.links.studiesOf(this.kit.db, id)).map((s) => s.studyInstanceUid);
    const rows = await this.library.linkedStudies(this.kit.db, link.ownerUserId, studies);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'sharing.viewer-config-read',
      resourceType: 'viewer-link',
      resourceId: id,
      subjectId: link.ownerUserId,
    });
    // The owner sees when the link was last opened and how often.
    await this.links.recordOpen(this.kit.db, id);
    return {
      // The password was given already (the token proves it) or is not needed: the page shows the viewer at once.
      need_password: false,
      studyDetail: { dicom: studies, approved_cfind_responses: rows.map(toResponse) },
      patient_requests: toPatientRequests(rows),
      token: needPassword ? token : await this.tokens.sign(link, studies, 'view'),
      expires_at: link.expiresAt ? new Date(link.expiresAt).toISOString() : null,
    };
  }
}
