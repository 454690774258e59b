import { Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import type { sendIsoFileSchema } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../../library/library.repository';
import { MailedDownloads } from '../../downloads/mailed-downloads';
import { ownerName } from '../owner-name';
import type { SharedPersonRow } from '../shared-person.repository';
import { RemoveAccess } from '../remove-access/remove-access';
import { ShareMails } from '../share-mails';
import { ShareWithPerson } from '../share-with-person';
import { sharedRecordNotFound } from '../../sharing.errors';

/**
 * POST sendISOFile (records spec §7): shares ONE record with the listed people (added with limited
 * access when new) and mails each of them: the invitation link, and for an imaging record the ISO and
 * zip download links when asked; the people in deletePatientPortalAclIds lose the record. Answers 'OK'.
 */
@Injectable()
export class SendIsoFile {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly share: ShareWithPerson,
    private readonly removeAccess: RemoveAccess,
    private readonly library: LibraryRepository,
    private readonly mails: ShareMails,
    private readonly downloads: MailedDownloads,
  ) {}

  async execute(
    ownerUserId: string,
    input: InferType<typeof sendIsoFileSchema>,
    caller: Caller,
  ): Promise<'OK'> {
    const record = {
      patientRequestId: input.patientRequestId,
      studyUid: input.studyUid,
      documentId: input.documentId,
    };
    const shared: Array<{ row: SharedPersonRow; created: boolean }> = await this.kit.transaction(
      async (tx) => {
        if (await this.library.notOwned(tx, ownerUserId, [record])) throw sharedRecordNotFound();
        const out = [];
        for (const person of input.notificationRecipients)
          out.push(
            await this.share.execute(
              tx,
              ownerUserId,
              person,
              { allRecords: false, records: [record] },
              caller,
            ),
          );
        for (const id of input.deletePatientPortalAclIds)
          await this.removeAccess.within(
            tx,
            ownerUserId,
            id,
            { study_uuid: record.studyUid, document_id: record.documentId },
            caller,
          );
        return out;
      },
    );
    const name = await ownerName(this.library, this.kit.db, ownerUserId);
    for (const { row, created } of shared) {
      // Only a study has a disc image or a zip of DICOM files.
      const links =
        record.studyUid && (input.includeISOLink || input.includeZipLink)
          ? await this.downloads.links(ownerUserId, row.id, record.studyUid)
          : null;
      await this.mails.invite(this.kit.db, row, name, created || input.includeInvitationLink, {
        iso: input.includeISOLink ? links?.iso : undefined,
        zip: input.includeZipLink ? links?.zip : undefined,
      });
    }
    if (shared.length) {
      await this.mails.toOwner(
        this.kit.db,
        ownerUserId,
        'SHARING_INVITATION_SENT_NOTIFICATION',
        'Your records were shared',
        `Your record was shared with ${shared.map(({ row }) => `${row.first_name} ${row.last_name}`).join(', ')}.`,
      );
    }
    return 'OK';
  }
}
