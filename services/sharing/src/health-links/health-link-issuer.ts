import { Inject, Injectable } from '@nestjs/common';
import { type Caller, CONFIG, InjectContext, type PortalConfig, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository, type LinkedStudyRow } from '../library/library.repository';
import { sharedRecordNotFound } from '../sharing.errors';
import { CreateViewerLink, type NewViewerLink } from '../viewer-links/create-viewer-link/create-viewer-link';
import { HealthLinkRepository } from './health-link.repository';
import { random256, shlinkOf } from './shlink';

/** One record of the owner's: its one study, or every study of the request. */
export interface RecordRef {
  patientRequestId: string;
  studyUid: string | null;
}

export interface IssuedHealthLink {
  linkId: string;
  healthLinkId: string;
  shlink: string;
  studies: LinkedStudyRow[];
}

/**
 * A public viewer link to one record of the owner's that is a SMART Health Link too, both made in one
 * transaction (or neither): the Share dialog's health link and the printed access page's link.
 */
@Injectable()
export class HealthLinkIssuer {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: PortalConfig,
    private readonly library: LibraryRepository,
    private readonly create: CreateViewerLink,
    private readonly healthLinks: HealthLinkRepository,
  ) {}

  /** 404 when the record has no study of the owner's (another patient's record included). */
  async issue(
    ownerUserId: string,
    record: RecordRef,
    link: Required<Pick<NewViewerLink, 'password' | 'expiresAt' | 'purpose' | 'recipient'>>,
    label: string | null,
    caller: Caller,
  ): Promise<IssuedHealthLink> {
    const all = await this.library.requestStudies(this.kit.db, ownerUserId, record.patientRequestId);
    const studies = record.studyUid ? all.filter((s) => s.study_instance_uid === record.studyUid) : all;
    if (!studies.length) throw sharedRecordNotFound();
    return this.kit.transaction(async (tx) => {
      const { id: linkId } = await this.create.within(
        tx,
        {
          ownerUserId,
          studies: studies.map((s) => ({
            studyInstanceUid: s.study_instance_uid,
            patientRequestId: record.patientRequestId,
          })),
          ...link,
        },
        caller,
      );
      const row = { id: random256(), linkId, encryptionKey: random256(), label };
      await this.healthLinks.insert(tx, row);
      const shlink = shlinkOf({
        publicUrl: this.config.publicUrl,
        id: row.id,
        key: row.encryptionKey,
        expiresAt: link.expiresAt,
        label,
      });
      return { linkId, healthLinkId: row.id, shlink, studies };
    });
  }
}
