import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { type AddMemberInput, type GroupMember } from '@portal/contracts';
import { type Caller, InjectContext, isUniqueViolation, type UseCaseKit } from '@portal/server-kit';
import {
  alreadyMember,
  choosePermission,
  coordinatorsManagePatientsOnly,
  patientGroupOnly,
} from '../../groups.errors';
import { GroupAccess } from '../../groups/group-access';
import { nameOf, PeopleRepository } from '../../people/people.repository';
import { expiryOf } from '../dates';
import { GroupMails } from '../group-mails';
import { MembershipChanges } from '../membership-changes';
import { MembershipRepository, toGroupMember } from '../membership.repository';

/**
 * POST groups/addMember: staff invite a person to a patient group by address (decision 0027). An admin
 * invites patients and coordinators, a coordinator patients only. A patient invitation names what the
 * group asks to do (at least one permission), which the patient consents to by accepting; a
 * coordinator's is what the admin gives. The invitation reaches an account only through an address its
 * holder proved; otherwise it waits for one (the mail links to sign-up with the address).
 */
@Injectable()
export class AddMember {
  constructor(
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly access: GroupAccess,
    private readonly memberships: MembershipRepository,
    private readonly people: PeopleRepository,
    private readonly changes: MembershipChanges,
    private readonly mails: GroupMails,
  ) {}

  async execute(userId: string, input: AddMemberInput, caller: Caller): Promise<GroupMember> {
    const expiresAt = expiryOf(input.expiresAt);
    const done = await this.kit
      .transaction(async (tx) => {
        const staff = await this.access.staff(tx, userId, input.groupId);
        if (staff.group.organization_type !== 'PATIENT_GROUP') throw patientGroupOnly();
        if (input.role !== 'PATIENT' && staff.role !== 'GROUP_ADMIN') throw coordinatorsManagePatientsOnly();
        if (input.role === 'PATIENT' && !input.permissions.length) throw choosePermission();
        const person = await this.people.byEmail(tx, input.email);
        const account = person?.email_verified ? person.user_id : null;
        if (await this.memberships.live(tx, input.groupId, account, input.email))
          throw alreadyMember(input.email);
        const row = await this.memberships.insert(tx, {
          id: randomUUID(),
          group_id: input.groupId,
          user_id: account,
          email: input.email,
          first_name: input.firstName,
          last_name: input.lastName,
          role: input.role,
          status: 'PENDING',
          permissions: input.permissions,
          expires_at: expiresAt,
          invited_by: userId,
        });
        await this.changes.record(tx, row, caller, 'groups.member-invited', {
          permissions: row.permissions,
          expiresAt: input.expiresAt ?? null,
        });
        return {
          row,
          groupName: staff.group.name,
          inviterName: nameOf(await this.people.find(tx, userId), 'Your care team'),
          unprovedAccount: !!person && !account,
        };
      })
      .catch((err: unknown) => {
        // Two invitations of one person at once: the unique index keeps one.
        throw isUniqueViolation(err) ? alreadyMember(input.email) : err;
      });
    await this.mails.invitation({
      to: done.row.email,
      firstName: done.row.first_name,
      role: done.row.role,
      permissions: done.row.permissions,
      expiresAt: done.row.expires_at,
      groupName: done.groupName,
      inviterName: done.inviterName,
      linked: !!done.row.user_id,
      unprovedAccount: done.unprovedAccount,
    });
    return toGroupMember(done.row);
  }
}
