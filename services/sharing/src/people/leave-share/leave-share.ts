import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { shareWithYouNotFound } from '../../sharing.errors';
import { AccessSnapshots } from '../access-snapshots';
import { SharedPersonRepository } from '../shared-person.repository';

/**
 * DELETE sharing/sharedWithMe/{ownerUserId}: the person a patient shares with leaves that share (the
 * Remove of a shared record, records spec §2.4). Their row goes as when the owner removes them: records
 * and imaging hear 'nothing left' in the same transaction, and the owner's people list no longer has
 * them. Only the caller's own share can be left: any other owner id answers 404.
 */
@Injectable()
export class LeaveShare {
  constructor(
    @InjectContext('sharing') private readonly kit: UseCaseKit,
    private readonly people: SharedPersonRepository,
    private readonly snapshots: AccessSnapshots,
  ) {}

  execute(viewerUserId: string, ownerUserId: string, caller: Caller): Promise<'OK'> {
    return this.kit.transaction(async (tx) => {
      const row = await this.people.findByViewer(tx, ownerUserId, viewerUserId);
      if (!row) throw shareWithYouNotFound();
      await this.snapshots.publish(tx, row, true);
      await this.people.delete(tx, row.id);
      await this.kit.audit.record(tx, caller, {
        action: 'sharing.share-left',
        resourceType: 'shared-person',
        resourceId: row.id,
        subjectId: ownerUserId,
        detail: { viewerUserId },
      });
      return 'OK' as const;
    });
  }
}
