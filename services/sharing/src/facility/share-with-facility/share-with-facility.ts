import { Inject, Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import { FACILITY_LINK_TTL_DAYS, publicViewerPath, type shareWithFacilitySchema } from '@portal/contracts';
import {
  type Caller,
  CONFIG,
  InjectContext,
  logger,
  MailService,
  type PortalConfig,
  type UseCaseKit,
} from '@portal/server-kit';
import { LibraryRepository } from '../../library/library.repository';
import { sharedRecordNotFound } from '../../sharing.errors';
import { CreateViewerLink } from '../../viewer-links/create-viewer-link/create-viewer-link';
import { FacilityShareRepository } from '../facility-share.repository';

/**
 * POST shareWithFacility (records spec §7): the owner sends one imaging study to another imaging facility.
 * A public link to that study (no password: it goes to the facility's own address; it expires after
 * FACILITY_LINK_TTL_DAYS and the owner can revoke it) is mailed to the facility e-mail with the patient's
 * name and the note. The study must be one of the owner's imaging studies (only imaging studies are in
 * sharing's library), else 404. Answers 'OK'.
 */
@Injectable()
export class ShareWithFacility {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly library: LibraryRepository,
    private readonly create: CreateViewerLink,
    private readonly mailer: MailService,
    private readonly shares: FacilityShareRepository,
  ) {}

  async execute(
    ownerUserId: string,
    input: InferType<typeof shareWithFacilitySchema>,
    caller: Caller,
  ): Promise<'OK'> {
    const study = (await this.library.requestStudies(this.kit.db, ownerUserId, input.patientRequestId)).find(
      (s) => s.study_instance_uid === input.studyUid,
    );
    if (!study) throw sharedRecordNotFound();
    const facility = input.alias || input.custodian;
    const expiresAt = new Date(Date.now() + FACILITY_LINK_TTL_DAYS * 86_400_000);
    const linkId = await this.kit.transaction(async (tx) => {
      const { id } = await this.create.within(
        tx,
        {
          ownerUserId,
          studies: [{ studyInstanceUid: input.studyUid, patientRequestId: input.patientRequestId }],
          expiresAt,
          purpose: 'facility',
          recipient: facility,
        },
        caller,
      );
      await this.shares.insert(tx, {
        ownerUserId,
        patientRequestId: input.patientRequestId,
        studyUid: input.studyUid,
        custodianId: input.custodian,
        custodianName: facility,
        alias: input.alias,
        email: input.email,
        note: input.note,
        linkId: id,
      });
      await this.kit.audit.record(tx, caller, {
        action: 'sharing.shared-with-facility',
        resourceType: 'study',
        resourceId: input.studyUid,
        subjectId: ownerUserId,
        detail: { custodian: input.custodian, email: input.email },
      });
      return id;
    });
    const patient =
      [study.patient_first_name, study.patient_last_name].filter(Boolean).join(' ') || 'A patient';
    const url = new URL(publicViewerPath(linkId), this.config.publicUrl).toString();
    await this.mailer
      .send({
        to: input.email,
        subject: `${patient} shared imaging with ${facility}`,
        text:
          `Hello,\n\n${patient} shared an imaging study (${[study.modality, study.study_description].filter(Boolean).join(' ')}${study.study_date ? `, ${study.study_date}` : ''}) with ${facility} through the Patient Portal.\n\n` +
          (input.note ? `Note from the patient: ${input.note}\n\n` : '') +
          `View and download the images: ${url}\nThe link works until ${expiresAt.toISOString().slice(0, 10)}.\n\nThe Patient Portal team\n`,
      })
      .catch((err: Error) => logger.warn({ err: err.message }, 'facility share mail failed'));
    return 'OK';
  }
}
