import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { GROUP_PERMISSIONS, type GroupMemberRole, type GroupPermission } from '@portal/contracts';
import {
  type Caller,
  CONFIG,
  DEMO_USERS,
  demoId,
  demoPersonId,
  demoUserId,
  InjectContext,
  type PortalConfig,
  SYSTEM_CALLER,
  type UseCaseKit,
} from '@portal/server-kit';
import { AddPatientGroup } from '../groups/add-patient-group/add-patient-group';
import { GroupRepository } from '../groups/group.repository';
import { MembershipChanges } from '../memberships/membership-changes';
import { MembershipRepository } from '../memberships/membership.repository';
import { PeopleRepository } from '../people/people.repository';

/** The demo groups (the first two keep the ids they had before groups had parents). */
export const DEMO_GROUPS = {
  northgate: demoId('group:admins'),
  cardiology: demoId('group:patients'),
  oncology: demoId('group:oncology'),
} as const;
export type DemoGroup = keyof typeof DEMO_GROUPS;

/** The id of a demo membership: one per demo group and address. */
export const demoMembershipId = (group: DemoGroup, email: string): string =>
  demoId(`membership:${group}:${email}`);

const ALL = [...GROUP_PERMISSIONS];
const DAY_MS = 86_400_000;

interface DemoMembership {
  group: DemoGroup;
  email: string;
  role: GroupMemberRole;
  permissions: GroupPermission[];
  /** Who invited them (none: the portal); they accepted unless `pending`. */
  invitedBy: string | null;
  pending?: boolean;
  expiresInDays?: number;
}

const patient = (email: string, extra: Partial<DemoMembership> = {}): DemoMembership => ({
  group: 'cardiology',
  email,
  role: 'PATIENT',
  permissions: ALL,
  invitedBy: 'coordinator@example.com',
  ...extra,
});

/** Decision 0027's demo: who is in which group, with what. */
export const DEMO_MEMBERSHIPS: DemoMembership[] = [
  { group: 'northgate', email: 'admin@example.com', role: 'GROUP_ADMIN', permissions: ALL, invitedBy: null },
  {
    group: 'cardiology',
    email: 'coordinator@example.com',
    role: 'MEDICAL_COORDINATOR',
    permissions: ['VIEW_RECORDS', 'REQUEST_RECORDS', 'UPLOAD_RECORDS'],
    invitedBy: 'admin@example.com',
  },
  {
    group: 'oncology',
    email: 'multi@example.com',
    role: 'MEDICAL_COORDINATOR',
    permissions: ALL,
    invitedBy: 'admin@example.com',
  },
  patient('patient@example.com'),
  patient('patient3@example.com'),
  patient('patient4@example.com'),
  patient('patient5@example.com'),
  patient('patient6@example.com', { expiresInDays: 10 }),
  patient('patient2@example.com', { permissions: ['VIEW_RECORDS', 'REQUEST_RECORDS'], pending: true }),
];

const callerOf = (email: string | null): Caller =>
  email ? { userId: demoUserId(email), ip: null, requestId: null } : SYSTEM_CALLER;

/**
 * The demo groups, idempotently: the demo users as people (version 0: any event auth wrote wins), the
 * admin group 'Northgate Care Team' of admin@ with its two patient groups (made through AddPatientGroup),
 * and each membership invited and answered the way a real one is, so every change is announced to the
 * other contexts and shows in the admin's logs. A membership that exists already (or a live one of the
 * same person in that group) is left as it is.
 */
@Injectable()
export class GroupsDemoSeed implements OnApplicationBootstrap {
  constructor(
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'seedDemo'>,
    @InjectContext('groups') private readonly kit: UseCaseKit,
    private readonly groups: GroupRepository,
    private readonly people: PeopleRepository,
    private readonly memberships: MembershipRepository,
    private readonly changes: MembershipChanges,
    private readonly addPatientGroup: AddPatientGroup,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    await this.kit.transaction(async (tx) => {
      for (const u of DEMO_USERS) {
        const userId = demoUserId(u.email);
        await this.people.registered(tx, { ...u, userId, personId: demoPersonId(u.email) }, 0);
        await this.people.markProved(tx, userId, u.email);
      }
      await this.groups.insert(tx, {
        id: DEMO_GROUPS.northgate,
        name: 'Northgate Care Team',
        type: 'ADMIN_GROUP',
        parentId: null,
        description: 'Care coordination for Northgate Hospital patients.',
        contactEmail: 'care-team@northgate.example',
        contactPhone: '+1 212 555 0100',
      });
    });
    const [admin, ...rest] = DEMO_MEMBERSHIPS;
    await this.ensure(admin!);
    const adminCaller = callerOf('admin@example.com');
    for (const [key, name, description] of [
      ['cardiology', 'Cardiology Patients', 'Heart care patients followed by the Northgate care team.'],
      ['oncology', 'Oncology Patients', 'Cancer care patients followed by the Northgate care team.'],
    ] as const)
      await this.addPatientGroup
        .execute(
          adminCaller.userId!,
          { adminGroupId: DEMO_GROUPS.northgate, name, description, contactEmail: '', contactPhone: '' },
          adminCaller,
          DEMO_GROUPS[key],
        )
        // The demo admin left Northgate since: the group is still made, unlogged.
        .catch(() =>
          this.kit.transaction((tx) =>
            this.groups.insert(tx, {
              id: DEMO_GROUPS[key],
              name,
              type: 'PATIENT_GROUP',
              parentId: DEMO_GROUPS.northgate,
              description,
            }),
          ),
        );
    for (const m of rest) await this.ensure(m);
  }

  /** One membership: invited, then accepted by the member unless it stays pending. */
  private async ensure(m: DemoMembership): Promise<void> {
    const id = demoMembershipId(m.group, m.email);
    const groupId = DEMO_GROUPS[m.group];
    const userId = demoUserId(m.email);
    const user = DEMO_USERS.find((u) => u.email === m.email)!;
    await this.kit.transaction(async (tx) => {
      if (await this.memberships.find(tx, id)) return;
      if (await this.memberships.live(tx, groupId, userId, m.email)) return;
      const invited = await this.memberships.insert(tx, {
        id,
        group_id: groupId,
        user_id: userId,
        email: m.email,
        first_name: user.firstName,
        last_name: user.lastName,
        role: m.role,
        status: 'PENDING',
        permissions: m.permissions,
        expires_at: m.expiresInDays ? new Date(Date.now() + m.expiresInDays * DAY_MS) : null,
        invited_by: m.invitedBy ? demoUserId(m.invitedBy) : null,
      });
      await this.changes.record(tx, invited, callerOf(m.invitedBy), 'groups.member-invited', {
        permissions: m.permissions,
      });
      if (m.pending) return;
      const accepted = await this.memberships.change(tx, id, { status: 'ACTIVE', responded_at: new Date() });
      await this.changes.record(tx, accepted, callerOf(m.email), 'groups.invite-accepted', {
        permissions: m.permissions,
      });
    });
  }
}
