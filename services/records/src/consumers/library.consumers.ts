import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { RecordPatientRequest } from '../library/record-patient-request/record-patient-request';
import { RecordStoredStudy } from '../library/record-stored-study/record-stored-study';
import { RecordRequestStatus } from '../library/record-request-status/record-request-status';
import { RecordDeliveredDocuments } from '../library/record-delivered-documents/record-delivered-documents';

/** Builds the library from other contexts' facts: requests submitted and their statuses, documents delivered, studies stored. Each event applies once. */
@Injectable()
export class LibraryConsumers implements OnModuleInit {
  constructor(
    @InjectContext('records') private readonly kit: ContextKit,
    private readonly recordPatientRequest: RecordPatientRequest,
    private readonly recordStoredStudy: RecordStoredStudy,
    private readonly recordRequestStatus: RecordRequestStatus,
    private readonly recordDeliveredDocuments: RecordDeliveredDocuments,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume(
      'library-requests',
      ['requests.patient-request-submitted'],
      ({ payload }, tx) => this.recordPatientRequest.execute(tx, payload),
    );
    await this.kit.events.consume(
      'library-statuses',
      ['requests.patient-request-status-changed'],
      ({ payload }, tx) => this.recordRequestStatus.execute(tx, payload),
    );
    await this.kit.events.consume('library-documents', ['provider.records-submitted'], ({ payload }, tx) =>
      this.recordDeliveredDocuments.execute(tx, payload),
    );
    await this.kit.events.consume('library-studies', ['imaging.study-stored'], ({ payload }, tx) =>
      this.recordStoredStudy.execute(tx, payload),
    );
  }
}
