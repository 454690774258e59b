import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { RecordPatientRequest } from '../library/record-patient-request/record-patient-request';
import { RecordStoredStudy } from '../library/record-stored-study/record-stored-study';

/** Builds the library from other contexts' facts: requests submitted, studies stored. Each event applies once. */
@Injectable()
export class LibraryConsumers implements OnModuleInit {
  constructor(
    @InjectContext('records') private readonly kit: ContextKit,
    private readonly recordPatientRequest: RecordPatientRequest,
    private readonly recordStoredStudy: RecordStoredStudy,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('library-requests', ['requests.patient-request-submitted'], ({ payload }, tx) => this.recordPatientRequest.execute(tx, payload));
    await this.kit.events.consume('library-studies', ['imaging.study-stored'], ({ payload }, tx) => this.recordStoredStudy.execute(tx, payload));
  }
}
