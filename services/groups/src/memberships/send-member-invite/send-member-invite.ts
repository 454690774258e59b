import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { notPending } from '../../groups.errors';
import { ActTrail } from '../../acts/act-trail';
import { nameOf, PeopleRepository } from '../../people/people.repository';
import { GroupMails } from '../group-mails';
import { MemberAccess } from '../member-access';

/** POST groups/sendMemberInvite: staff mail a pending invitation again (a coordinator a patient's only); 'OK'. */
@Injectable()
export class SendMemberInvite {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly access: MemberAccess,
    private readonly people: PeopleRepository,
    private readonly trail: ActTrail,
    private readonly mails: GroupMails,
  ) {}

  async execute(userId: string, membershipId: string, caller: Caller): Promise<'OK'> {
    const mail = await this.kit.transaction(async (tx) => {
      const { membership: m, staff } = await this.access.lockAsStaff(tx, userId, membershipId);
      if (m.status !== 'PENDING') throw notPending();
      await this.trail.record(tx, caller, {
        groupId: m.group_id,
        memberId: m.user_id,
        action: 'groups.invite-resent',
        resourceType: 'membership',
        resourceId: m.id,
      });
      const holder = m.user_id ? null : await this.people.byEmail(tx, m.email);
      return {
        to: m.email,
        firstName: m.first_name,
        role: m.role,
        permissions: m.permissions,
        expiresAt: m.expires_at,
        groupName: staff.group.name,
        inviterName: nameOf(await this.people.find(tx, userId), 'Your care team'),
        linked: !!m.user_id,
        unprovedAccount: !!holder,
      };
    });
    await this.mails.invitation(mail);
    return 'OK';
  }
}
