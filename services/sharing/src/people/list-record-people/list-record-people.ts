import { Injectable } from '@nestjs/common';
import type { SharedPerson } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../../library/library.repository';
import { sharedRecordNotFound } from '../../sharing.errors';
import { SharedPersonRepository, toSharedPerson } from '../shared-person.repository';
import { SharingAccess } from '../sharing-access';

/**
 * The owner's people for one record: everyone with is_enabled for it (GET {id}/recipients, the share
 * toggles) or only those who see it (GET sharing/records/{id}/people). A record that is not the caller's
 * answers 404.
 */
@Injectable()
export class ListRecordPeople {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly people: SharedPersonRepository,
    private readonly library: LibraryRepository,
    private readonly access: SharingAccess,
  ) {}

  async execute(
    ownerUserId: string,
    patientRequestId: string,
    q: { studyUid: string | null; documentId: string | null },
    onlySeeing: boolean,
  ): Promise<SharedPerson[]> {
    const record = { patientRequestId, studyUid: q.studyUid, documentId: q.documentId };
    if (await this.library.notOwned(this.kit.db, ownerUserId, [record])) throw sharedRecordNotFound();
    // Who sees the record is the access policy's answer, the same one records and imaging give them.
    const seeing = new Set(
      (await this.access.policy.seeing(this.kit.db, ownerUserId, record)).map((g) => g.recipientId),
    );
    const people = await this.people.rowsByOwner(this.kit.db, ownerUserId);
    return people
      .filter((r) => !onlySeeing || seeing.has(r.id))
      .map((r) => toSharedPerson({ ...r, sees: seeing.has(r.id) }));
  }
}
