import { Injectable } from '@nestjs/common';
import type {
  AuthorizationFormTemplate,
  BodyPart,
  DocumentRequestTypeOption,
  WizardInit,
} from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { custodianAliasNotFound, custodianNotFound } from '../../requests.errors';
import { CustodianRepository } from '../custodian.repository';
import {
  type CustodianSettingsRow,
  authorizationTemplate,
  offeredBy,
  toBodyParts,
  toCustodianDetails,
  toDocTypeOptions,
} from '../custodian.mapper';

export interface FacilityQuery {
  custodianId: string;
  /** Set (with `alias`) when the patient chose one of the facility's aliases. */
  custodianAliasId?: string | null;
  /** The signed-in caller: a facility they named is theirs to request from (issue 24); nobody else's. */
  viewerId?: string | null;
}

/**
 * The wizard's per-facility data: record types and body parts (an alias may narrow them), whether it
 * asks a date range, the authorization text, or all of it at once (init).
 */
@Injectable()
export class GetWizardSettings {
  constructor(
    @InjectContext('requests') private readonly kit: UseCaseKit,
    private readonly custodians: CustodianRepository,
  ) {}

  private async load(q: FacilityQuery): Promise<{ row: CustodianSettingsRow; aliasId: string | null }> {
    const row = await this.custodians.findSettings(this.kit.db, q.custodianId, q.viewerId ?? null);
    if (!row) throw custodianNotFound();
    const aliasId = q.custodianAliasId || null;
    if (aliasId && !row.alias_settings?.some((a) => a.id === aliasId)) throw custodianAliasNotFound();
    return { row, aliasId };
  }

  async documentRequestTypes(q: FacilityQuery): Promise<DocumentRequestTypeOption[]> {
    const { row, aliasId } = await this.load(q);
    return toDocTypeOptions(offeredBy(row, aliasId).docTypes);
  }

  async bodyParts(q: FacilityQuery): Promise<BodyPart[]> {
    const { row, aliasId } = await this.load(q);
    return toBodyParts(offeredBy(row, aliasId).bodyParts);
  }

  async displayDateRange(q: FacilityQuery): Promise<{ displayDateRange: boolean }> {
    return { displayDateRange: (await this.load(q)).row.display_date_range };
  }

  async authorizationForm(q: FacilityQuery): Promise<AuthorizationFormTemplate> {
    return authorizationTemplate((await this.load(q)).row.name);
  }

  async init(q: FacilityQuery): Promise<WizardInit> {
    const { row, aliasId } = await this.load(q);
    const offered = offeredBy(row, aliasId);
    return {
      custodian: toCustodianDetails(row),
      docTypes: toDocTypeOptions(offered.docTypes),
      bodyParts: toBodyParts(offered.bodyParts),
      displayDateRange: row.display_date_range,
      authorizationForm: authorizationTemplate(row.name),
    };
  }
}
