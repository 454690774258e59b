import { MESSAGES } from '@portal/contracts';
import { AccountStep } from '../create-account/AccountStep';

/** The external flow's email step: the same account page, with the external step's message (trimmed email). */
export const ExternalEmailStep = () => (
  <AccountStep step="external-user-email" emailMessage={MESSAGES.pleaseEnterValidEmailDot} />
);
export default ExternalEmailStep;
