import { Injectable } from '@nestjs/common';
import { isAwaitingPayment, MESSAGES } from '@portal/contracts';
import { type Caller, InjectContext, logger, MailService, type UseCaseKit } from '@portal/server-kit';
import { patientRequestNotFound, requestFeeUnpaid } from '../../requests.errors';
import { PatientRequestRepository } from '../patient-request.repository';

/**
 * POST sendEmailToExternalProviders: the request's owner asks providers to upload the images. Only
 * the owner: another user's id answers 404 like a missing one, and a request whose fee is not paid yet
 * 409 (issue 30). The mail carries the facility and the request date, never the patient's details.
 */
@Injectable()
export class SendProviderEmails {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly mailer: MailService,
    private readonly requests: PatientRequestRepository,
  ) {}

  async execute(
    userId: string,
    patientRequestId: string,
    emails: string[],
    caller: Caller,
  ): Promise<{ message: string }> {
    const request = await this.requests.findOwned(this.kit.db, patientRequestId, userId);
    if (!request) throw patientRequestNotFound();
    // Issue 30: nothing of a request reaches a facility before its fee is paid.
    if (isAwaitingPayment(request.status)) throw requestFeeUnpaid();
    const to = [...new Set(emails)];
    await this.kit.audit.record(this.kit.db, caller, {
      actorId: userId,
      action: 'requests.providers-emailed',
      resourceType: 'patient_request',
      resourceId: request.id,
      subjectId: userId,
    });
    for (const address of to) {
      await this.mailer
        .send({
          to: address,
          subject: 'A patient asks you to send their images',
          text: `Hello,\n\nA patient of the Patient Portal asks you to upload the images of their request to ${request.custodian_name} (requested ${new Date(request.created_at).toISOString().slice(0, 10)}).\nSign in to the Patient Portal as a provider to fulfil it.\n\nThe Patient Portal team\n`,
        })
        .catch((err: Error) => logger.warn({ err: err.message }, 'provider mail failed'));
    }
    return { message: MESSAGES.providersEmailed };
  }
}
