import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { RecordRequestSeen } from '../fulfilment/record-request-seen/record-request-seen';
import { RecordFilesUploaded } from '../fulfilment/record-files-uploaded/record-files-uploaded';
import { RecordRejection } from '../fulfilment/record-rejection/record-rejection';
import { RecordRejectionCancelled } from '../fulfilment/record-rejection-cancelled/record-rejection-cancelled';
import { RecordRecordsSubmitted } from '../fulfilment/record-records-submitted/record-records-submitted';
import { CompleteRequest } from '../fulfilment/complete-request/complete-request';
import { RequestFoundStudy } from '../patient-requests/request-found-study/request-found-study';
import { RecordStudyMoveFailed } from '../fulfilment/record-study-move-failed/record-study-move-failed';
import { ApplyNotificationSettings } from '../notification-recipients/apply-notification-settings/apply-notification-settings';

/** A request's life after submission, from the provider's and imaging's facts, and the completion mail's recipients from auth's. Each event applies once. */
@Injectable()
export class FulfilmentConsumers implements OnModuleInit {
  constructor(
    @InjectContext('requests') private readonly kit: ContextKit,
    private readonly seen: RecordRequestSeen,
    private readonly filesUploaded: RecordFilesUploaded,
    private readonly rejection: RecordRejection,
    private readonly rejectionCancelled: RecordRejectionCancelled,
    private readonly recordsSubmitted: RecordRecordsSubmitted,
    private readonly complete: CompleteRequest,
    private readonly settings: ApplyNotificationSettings,
    private readonly foundStudy: RequestFoundStudy,
    private readonly moveFailed: RecordStudyMoveFailed,
  ) {}

  async onModuleInit(): Promise<void> {
    const on = this.kit.events;
    await on.consume('request-seen', ['provider.request-seen'], ({ payload }, tx) =>
      this.seen.execute(tx, payload),
    );
    await on.consume('files-uploaded', ['provider.files-uploaded'], ({ payload }, tx) =>
      this.filesUploaded.execute(tx, payload),
    );
    await on.consume('document-request-rejected', ['provider.document-request-rejected'], ({ payload }, tx) =>
      this.rejection.execute(tx, payload),
    );
    await on.consume(
      'document-request-rejection-cancelled',
      ['provider.document-request-rejection-cancelled'],
      ({ payload }, tx) => this.rejectionCancelled.execute(tx, payload),
    );
    await on.consume('records-submitted', ['provider.records-submitted'], ({ payload }, tx) =>
      this.recordsSubmitted.execute(tx, payload),
    );
    await on.consume('request-delivery-indexed', ['imaging.request-delivery-indexed'], ({ payload }, tx) =>
      this.complete.execute(tx, payload),
    );
    // Issue 28: a study found at a facility's system, requested in one click, and its move's failure.
    await on.consume(
      'smart-fhir-study-requested',
      ['records.smart-fhir-study-requested'],
      ({ payload }, tx) => this.foundStudy.execute(tx, payload),
    );
    await on.consume('study-move-failed', ['imaging.study-move-failed'], ({ payload }, tx) =>
      this.moveFailed.execute(tx, payload),
    );
    await on.consume('notification-settings', ['auth.notification-settings-changed'], ({ payload }, tx) =>
      this.settings.settingsChanged(tx, payload),
    );
    await on.consume('notification-emails', ['auth.email-changed'], ({ payload }, tx) =>
      this.settings.emailChanged(tx, payload),
    );
    await on.consume('notification-accounts-removed', ['auth.account-removed'], ({ payload }, tx) =>
      this.settings.accountRemoved(tx, payload),
    );
  }
}
