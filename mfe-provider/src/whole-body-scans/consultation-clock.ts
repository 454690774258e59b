import { CONSULTATION_ANSWER_DAYS, type ConsultationInboxItem } from '@portal/contracts';

/**
 * Days left to answer a consultation (schedule its meeting), for the inbox's clock: null once it has a
 * meeting or is no longer waiting, so it reads 'Answered' like a fulfilled data request.
 */
export const consultationDaysLeft = (
  c: Pick<ConsultationInboxItem, 'status' | 'days_waiting'>,
): number | null => (c.status.mnemonic === 'REQUESTED' ? CONSULTATION_ANSWER_DAYS - c.days_waiting : null);
