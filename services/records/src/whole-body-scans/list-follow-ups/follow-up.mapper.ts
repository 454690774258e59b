import { type FollowUpTask, RECORDS_API } from '@portal/contracts';
import type { FollowUpRow } from '../follow-up.repository';

export const toFollowUpTask = (r: FollowUpRow): FollowUpTask => ({
  id: r.id,
  whole_body_scan_id: r.whole_body_scan_id,
  finding_id: r.finding_id,
  next_step_id: r.next_step_id,
  title: r.title,
  subtitle: r.subtitle,
  due_date: r.due_date,
  done_at: r.done_at ? new Date(r.done_at).toISOString() : null,
  result:
    r.result_document_id && r.result_request_id
      ? {
          file_name: r.result_file_name ?? 'result',
          identifier_path: RECORDS_API.attachmentContent(r.result_request_id, r.result_document_id),
        }
      : null,
});
