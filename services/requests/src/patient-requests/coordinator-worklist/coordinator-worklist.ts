import { Injectable } from '@nestjs/common';
import { daysLeft, dueDateOf, type WorklistQuery, type WorklistRequestPage } from '@portal/contracts';
import { type Caller, GroupMembershipProjection, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { PatientRequestRepository } from '../patient-request.repository';

/**
 * GET coordinatorWorklist (issue 26): the open requests of every member the caller may view records for
 * (the member rule, from this context's copy of the memberships), the nearest legal due date first, so a
 * coordinator sees which facility is about to miss its 30 days. One audit row names the read.
 */
@Injectable()
export class CoordinatorWorklist {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly requests: PatientRequestRepository,
    private readonly memberships: GroupMembershipProjection,
  ) {}

  async execute(
    actorId: string,
    q: WorklistQuery,
    caller: Caller,
    now = new Date(),
  ): Promise<WorklistRequestPage> {
    const members = (await this.memberships.membersOf(this.kit.db, actorId, 'VIEW_RECORDS')).filter(
      (m) => !q.groupId || m.groupId === q.groupId,
    );
    const groupOf = new Map<string, string>();
    for (const m of members) if (!groupOf.has(m.userId)) groupOf.set(m.userId, m.groupId);
    const { rows, total } = await this.requests.openOfUsers(this.kit.db, [...groupOf.keys()], q.page, q.size);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'requests.coordinator-worklist-read',
      resourceType: 'patient_request',
      detail: { members: groupOf.size, rows: rows.length, page: q.page },
    });
    return {
      rows: rows.map((r) => {
        const dueDate = dueDateOf(r.createdAt);
        return {
          patientRequestId: r.id,
          memberId: r.userId,
          memberName: `${r.firstName} ${r.lastName}`.trim(),
          groupId: groupOf.get(r.userId)!,
          facility: r.facility,
          status: r.status,
          requestedAt: new Date(r.createdAt).toISOString(),
          dueDate,
          daysLeft: daysLeft(dueDate, now),
        };
      }),
      total,
      page: q.page,
      size: q.size,
    };
  }
}
