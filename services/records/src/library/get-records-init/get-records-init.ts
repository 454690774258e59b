import { Inject, Injectable } from '@nestjs/common';
import type { RecordsInit } from '@portal/contracts';
import {
  CONFIG,
  InjectContext,
  type PortalConfig,
  STORAGE_GATE,
  type StorageGate,
  type UseCaseKit,
} from '@portal/server-kit';
import { PersonScope } from '../person-scope';

/** GET myRecords/init: the library's settings (the Imaging tab's viewer) for the caller's own person or one of their family members. */
@Injectable()
export class GetRecordsInit {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'enableDicomViewer'>,
    private readonly persons: PersonScope,
    @Inject(STORAGE_GATE) private readonly storage: StorageGate,
  ) {}

  async execute(user: { sub: string; personId: string }, personId: string | undefined): Promise<RecordsInit> {
    const person = (await this.persons.resolve(this.kit.db, user, personId)) ?? user.personId;
    return {
      enable_dicom_viewer: this.config.enableDicomViewer,
      personId: person,
      // The account holder's plan covers their family members' records too.
      storage: await this.storage.standing(user.sub),
    };
  }
}
