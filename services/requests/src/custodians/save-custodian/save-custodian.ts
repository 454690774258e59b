import { Injectable } from '@nestjs/common';
import {
  type Custodian,
  type CustodianRequestFee,
  custodianRequestFeeSchema,
  type DocRequestType,
  toCustodianRequestFee,
} from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ValidationError } from 'yup';
import { requestFeeInvalid } from '../../requests.errors';
import { CustodianRepository, type CustodianSettings } from '../custodian.repository';
import { SearchCustodians } from '../search-custodians/search-custodians';

export interface CustodianSetup extends CustodianSettings {
  aliases: Array<{ id: string; name: string; docTypes: DocRequestType[] | null; bodyParts: string[] | null }>;
  embedOrigins: string[];
}

/** Issue 30: the fee as given, by the shared rule (0 or none: no fee; whole cents up to $1,000.00). */
const checkedRequestFee = async (fee: unknown): Promise<CustodianRequestFee | null> => {
  try {
    return toCustodianRequestFee(await custodianRequestFeeSchema.validate(fee ?? null));
  } catch (err) {
    if (err instanceof ValidationError) throw requestFeeInvalid(err.message);
    throw err;
  }
};

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

  /**
   * With `setup`, the facility's wizard settings, request fee (issue 30: none unless given), aliases and
   * embed origins are set as given too.
   */
  async execute(
    custodian: Omit<Custodian, 'aliases'>,
    caller: Caller,
    setup?: CustodianSetup,
  ): Promise<void> {
    const settings = setup && { ...setup, requestFee: await checkedRequestFee(setup.requestFee) };
    await this.kit.transaction(async (tx) => {
      await this.custodians.insertIfMissing(tx, custodian, settings);
      if (settings) {
        await this.custodians.updateSettings(tx, custodian.id, {
          ...settings,
          isMRNCompulsory: custodian.isMRNCompulsory,
          theme: custodian.theme,
        });
        for (const alias of settings.aliases)
          await this.custodians.saveAlias(tx, { ...alias, custodianId: custodian.id });
        await this.custodians.addEmbedOrigins(tx, [custodian.id], settings.embedOrigins);
      }
      await this.kit.audit.record(tx, caller, {
        action: 'requests.custodian-saved',
        resourceType: 'custodian',
        resourceId: custodian.id,
        ...(settings ? { detail: { requestFee: settings.requestFee } } : {}),
      });
    });
    this.search.forget();
  }
}
