import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type ContextKit, InjectContext } from '@portal/server-kit';
import { LibraryRepository, SELF_UPLOADED } from '../library/library.repository';

/**
 * Keeps sharing's projections of what the public page shows: the owners' studies (imaging), their
 * requests' facility and patient (requests; a self upload has no facility and shows the account
 * holder, kept by PeopleConsumers).
 */
@Injectable()
export class LibraryConsumers implements OnModuleInit {
  constructor(
    @InjectContext('sharing') private readonly kit: ContextKit,
    private readonly library: LibraryRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    await this.kit.events.consume('library-studies', ['imaging.study-stored'], async ({ payload }, tx) => {
      await this.library.upsertStudy(tx, payload);
    });
    await this.kit.events.consume(
      'request-parties',
      ['requests.patient-request-submitted'],
      async ({ payload: p }, tx) => {
        await this.library.upsertRequestParties(tx, {
          patientRequestId: p.patientRequestId,
          ownerUserId: p.userId,
          custodianId: p.custodianId,
          custodianName: p.custodianName,
          patient: p.patient,
        });
      },
    );
    await this.kit.events.consume(
      'self-uploads',
      ['records.self-upload-stored'],
      async ({ payload: p }, tx) => {
        await this.library.upsertRequestParties(tx, {
          patientRequestId: p.patientRequestId,
          ownerUserId: p.userId,
          custodianId: '',
          custodianName: SELF_UPLOADED,
          patient: null,
        });
      },
    );
  }
}
