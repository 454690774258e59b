import { Injectable } from '@nestjs/common';
import type { Custodian, DocRequestType } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { CustodianRepository, type CustodianSettings } from '../custodian.repository';
import { SearchCustodians } from '../search-custodians/search-custodians';

export interface CustodianSetup extends CustodianSettings {
  aliases: Array<{ id: string; name: string; docTypes: DocRequestType[] | null; bodyParts: string[] | null }>;
  embedOrigins: string[];
}

/**
 * Registers a facility (custodian) unless one of that id exists, audited. Facilities come from the
 * portal's operators (today: the demo seed); no public route creates them.
 */
@Injectable()
export class SaveCustodian {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly custodians: CustodianRepository,
    private readonly search: SearchCustodians,
  ) {}

  /** With `setup`, the facility's wizard settings, aliases and embed origins are set as given too. */
  async execute(
    custodian: Omit<Custodian, 'aliases'>,
    caller: Caller,
    setup?: CustodianSetup,
  ): Promise<void> {
    await this.kit.transaction(async (tx) => {
      await this.custodians.insertIfMissing(tx, custodian, setup);
      if (setup) {
        await this.custodians.updateSettings(tx, custodian.id, {
          ...setup,
          isMRNCompulsory: custodian.isMRNCompulsory,
          theme: custodian.theme,
        });
        for (const alias of setup.aliases)
          await this.custodians.saveAlias(tx, { ...alias, custodianId: custodian.id });
        await this.custodians.addEmbedOrigins(tx, [custodian.id], setup.embedOrigins);
      }
      await this.kit.audit.record(tx, caller, {
        action: 'requests.custodian-saved',
        resourceType: 'custodian',
        resourceId: custodian.id,
      });
    });
    this.search.forget();
  }
}
