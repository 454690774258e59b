import { Injectable } from '@nestjs/common';
import type { InferType } from 'yup';
import type { disableShareSchema } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../../library/library.repository';
import { sharedPersonNotFound, sharedRecordNotFound } from '../../sharing.errors';
import { AccessSnapshots } from '../access-snapshots';
import { SharedPersonRepository } from '../shared-person.repository';
import { RemoveAccess } from '../remove-access/remove-access';

/**
 * POST disablePatientToShareRecord (records spec §7, the share toggle of a record): each listed person
 * sees this one record or no longer does. Turning it off for a person with all records keeps their
 * other records (see RemoveAccess). Answers 'OK'.
 */
@Injectable()
export class DisableShare {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly people: SharedPersonRepository,
    private readonly library: LibraryRepository,
    private readonly snapshots: AccessSnapshots,
    private readonly removeAccess: RemoveAccess,
  ) {}

  async execute(
    ownerUserId: string,
    input: InferType<typeof disableShareSchema>,
    caller: Caller,
  ): Promise<'OK'> {
    const record = {
      patientRequestId: input.patientRequestId,
      studyUid: input.studyUid,
      documentId: input.documentId,
    };
    return this.kit.transaction(async (tx) => {
      if (await this.library.notOwned(tx, ownerUserId, [record])) throw sharedRecordNotFound();
      for (const { patient_portal_user_id: id, is_enabled: on } of input.recipient) {
        if (!on) {
          await this.removeAccess.within(
            tx,
            ownerUserId,
            id,
            { study_uuid: record.studyUid, document_id: record.documentId },
            caller,
          );
          continue;
        }
        const row = await this.people.lock(tx, ownerUserId, id);
        if (!row) throw sharedPersonNotFound();
        if (!row.all_records) await this.people.addGrants(tx, row.id, [record]);
        await this.people.update(tx, row.id, { is_enabled: true });
        await this.snapshots.publish(tx, row);
        await this.kit.audit.record(tx, caller, {
          action: 'sharing.person-access-added',
          resourceType: 'shared-person',
          resourceId: row.id,
          subjectId: ownerUserId,
          detail: { record },
        });
      }
      return 'OK' as const;
    });
  }
}
