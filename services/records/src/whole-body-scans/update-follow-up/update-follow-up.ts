import { Injectable } from '@nestjs/common';
import type { FollowUpInput, FollowUpTask } from '@portal/contracts';
import { type Caller, fieldInvalid, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ManualUpload } from '../../uploads/manual-upload/manual-upload';
import { FollowUpRepository } from '../follow-up.repository';
import { toFollowUpTask } from '../list-follow-ups/follow-up.mapper';
import { followUpNotFound } from '../whole-body-scans.errors';

/** DD/MM/YYYY of the month a result is filed under (the self upload's exam date is a month). */
const examMonth = (now: Date) =>
  `01/${String(now.getUTCMonth() + 1).padStart(2, '0')}/${now.getUTCFullYear()}`;

/**
 * PATCH wholeBodyScan/followUps/{taskId}: the patient moves a task's due date, marks it done (or not),
 * or files its result: a file they uploaded with their own self-upload form, kept through the self
 * upload use case (the key must be theirs, the bytes a report type's, by content) so it is also a record
 * of their library. Another patient's task: 404. Audited; answers the task as it is now.
 */
@Injectable()
export class UpdateFollowUp {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly followUps: FollowUpRepository,
    private readonly manualUpload: ManualUpload,
  ) {}

  async execute(
    user: { sub: string; personId: string },
    taskId: string,
    input: FollowUpInput,
    caller: Caller,
    now = new Date(),
  ): Promise<FollowUpTask> {
    const task = await this.followUps.findOwned(this.kit.db, user.sub, taskId);
    if (!task) throw followUpNotFound();
    if (!!input.resultUploadKey !== !!input.resultFileName)
      throw fieldInvalid('resultFileName', 'A result needs both its upload key and its file name');
    let resultDocumentId: string | undefined;
    if (input.resultUploadKey && input.resultFileName) {
      await this.manualUpload.execute(
        { userId: user.sub, personId: user.personId },
        {
          uploaded_images: [{ id: input.resultUploadKey, path: '', file_name: input.resultFileName }],
          family_member_id: null,
          examDate: examMonth(now),
          recordName: `Follow-up: ${task.title}`.slice(0, 100),
          recordType: 'REPORTS',
        },
        caller,
      );
      resultDocumentId =
        (await this.followUps.documentOfKey(this.kit.db, user.sub, input.resultUploadKey)) ?? undefined;
    }
    await this.kit.transaction(async (tx) => {
      await this.followUps.update(tx, task.id, {
        dueDate: input.dueDate,
        done: input.done,
        resultDocumentId,
      });
      await this.kit.audit.record(tx, caller, {
        action: 'records.wbs-follow-up-updated',
        resourceType: 'whole_body_scan',
        resourceId: task.whole_body_scan_id,
        subjectId: user.sub,
        detail: {
          taskId: task.id,
          dueDate: input.dueDate ?? null,
          done: input.done ?? null,
          resultDocumentId: resultDocumentId ?? null,
        },
      });
    });
    const updated = await this.followUps.findOwned(this.kit.db, user.sub, task.id);
    return toFollowUpTask(updated ?? task);
  }
}
