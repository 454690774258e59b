import type { Caller, UseCaseKit } from '@portal/server-kit';

/** The audit row of a read of one patient's scan data (patients see who read their records). */
export const auditScanRead = (
  kit: UseCaseKit,
  caller: Caller,
  userId: string,
  what: { action: string; scanId: string | null; detail?: Record<string, unknown> },
): Promise<void> =>
  kit.audit.record(kit.db, caller, {
    action: what.action,
    resourceType: 'whole_body_scan',
    resourceId: what.scanId,
    subjectId: userId,
    detail: what.detail,
  });
