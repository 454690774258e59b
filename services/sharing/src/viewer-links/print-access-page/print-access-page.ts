import { Inject, Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import type { PrintedAccessPage, printAccessPageSchema } from '@portal/contracts';
import { type Caller, CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import { accessPagePassword } from '../access-page-password';
import { toLinkSummary } from '../link-summary';
import { ViewerLinkRepository } from '../viewer-link.repository';
import { HealthLinkIssuer } from '../../health-links/health-link-issuer';

/**
 * POST sharing/printAccessPage (records spec §2.5 Print Access Page): a new public link to the record's
 * studies (the one study, or every study of the request) behind a generated password, answered once with
 * what the printed page shows: the patient, the facility, the studies, and the same link as a SMART
 * Health Link (issue 29) for the page's QR code. The page itself is drawn by the
 * browser with pdf-lib (the password never travels in a url or sits in a file on the server).
 */
@Injectable()
export class PrintAccessPage {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly links: ViewerLinkRepository,
    private readonly healthLinks: HealthLinkIssuer,
  ) {}

  async execute(
    ownerUserId: string,
    input: InferType<typeof printAccessPageSchema>,
    caller: Caller,
  ): Promise<PrintedAccessPage> {
    const password = accessPagePassword();
    // The link and its SMART Health Link (the QR's shlink) are made together or not at all.
    const {
      linkId: id,
      shlink,
      studies,
    } = await this.healthLinks.issue(
      ownerUserId,
      input,
      { password, expiresAt: input.expiresAt ?? null, purpose: 'print-access-page', recipient: null },
      'Printed access page',
      caller,
    );
    const link = (await this.links.listByOwner(this.kit.db, ownerUserId)).find((l) => l.id === id)!;
    const first = studies[0];
    return {
      link: toLinkSummary(link, this.config.publicUrl),
      password,
      shlink,
      patientName: [first.patient_first_name, first.patient_last_name].filter(Boolean).join(' '),
      facilityName: first.custodian_name,
      studies: studies.map((s) => ({
        modality: s.modality,
        study_description: s.study_description,
        study_date: s.study_date,
      })),
    };
  }
}
