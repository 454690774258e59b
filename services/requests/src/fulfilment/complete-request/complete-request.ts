import { Injectable } from '@nestjs/common';
import { type EventPayloads, REQUEST_STATUS } from '@portal/contracts';
import {
  InjectContext,
  logger,
  MailService,
  SYSTEM_CALLER,
  type Tx,
  type UseCaseKit,
} from '@portal/server-kit';
import { PatientRequestRepository } from '../../patient-requests/patient-request.repository';
import { NotificationRecipientRepository } from '../../notification-recipients/notification-recipient.repository';
import { RequestStatusChanges } from '../request-status';

/**
 * On `imaging.request-delivery-indexed` (imaging has stored every DICOM file of a submission): the
 * request is 'Completed', the timeline says so, and the patient gets a mail when their
 * REQUEST_COMPLETION_NOTIFICATION is on. No setting known yet counts as off.
 */
@Injectable()
export class CompleteRequest {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly mailer: MailService,
    private readonly requests: PatientRequestRepository,
    private readonly recipients: NotificationRecipientRepository,
    private readonly statuses: RequestStatusChanges,
  ) {}

  async execute(tx: Tx, e: EventPayloads['imaging.request-delivery-indexed']): Promise<void> {
    const request = await this.requests.lockForChange(tx, e.patientRequestId);
    if (!request) return;
    await this.requests.addTimelineEntry(tx, request.id, { event: 'COMPLETED', at: e.at });
    await this.kit.audit.record(tx, SYSTEM_CALLER, {
      action: 'requests.completed',
      resourceType: 'patient_request',
      resourceId: request.id,
      subjectId: request.user_id,
      detail: { studies: e.studies, instances: e.instances },
    });
    await this.statuses.move(tx, request, REQUEST_STATUS.COMPLETED, e.at);
    const recipient = await this.recipients.find(tx, request.user_id);
    if (!recipient?.request_completion) return;
    const details = await this.requests.findOwned(tx, request.id, request.user_id);
    // The mail names the facility and the date only: no patient data in a mailbox.
    await this.mailer
      .send({
        to: recipient.email,
        subject: 'Your records request is completed',
        text: `Hello,\n\n${details?.custodian_name ?? 'The facility'} has delivered the records you requested on ${new Date(details?.created_at ?? e.at).toISOString().slice(0, 10)}. Sign in to the Patient Portal to see them in My Records.\n\nYou can turn this notification off in your notification settings.\n\nThe Patient Portal team\n`,
      })
      .catch((err: Error) => logger.warn({ err: err.message }, 'request completion mail failed'));
  }
}
