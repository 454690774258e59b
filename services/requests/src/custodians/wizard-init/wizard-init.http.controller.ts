import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  type AuthorizationFormTemplate,
  type BodyPart,
  custodianQuery,
  type DocumentRequestTypeOption,
  REQUESTS_API,
  type WizardInit,
} from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { type FacilityQuery, GetWizardSettings } from './wizard-init';

type Query = InferType<typeof custodianQuery>;
/** The alias counts only when the wizard says the patient chose one (alias=true). */
const facility = (q: Query, caller?: Caller): FacilityQuery => ({
  custodianId: q.custodianId,
  custodianAliasId: q.alias === false ? null : q.custodianAliasId || null,
  viewerId: caller?.userId ?? null,
});

@ApiTags('requests')
@Controller()
export class WizardSettingsController {
  constructor(private readonly settings: GetWizardSettings) {}

  /** GET /api/requestRecord/getDocumentRequestTypes?custodianId=&alias=&custodianAliasId=. */
  @Public()
  @Get(apiRoute(REQUESTS_API.getDocumentRequestTypes))
  documentRequestTypes(@Query(validate(custodianQuery)) q: Query): Promise<DocumentRequestTypeOption[]> {
    return this.settings.documentRequestTypes(facility(q));
  }

  /** GET /api/requestRecord/getBodyParts?custodianId=&alias=&custodianAliasId=. */
  @Public()
  @Get(apiRoute(REQUESTS_API.getBodyParts))
  bodyParts(@Query(validate(custodianQuery)) q: Query): Promise<BodyPart[]> {
    return this.settings.bodyParts(facility(q));
  }

  /** GET /api/requestRecord/getDisplayDateRangeSetting?custodianId=. */
  @Public()
  @Get(apiRoute(REQUESTS_API.getDisplayDateRangeSetting))
  displayDateRange(@Query(validate(custodianQuery)) q: Query): Promise<{ displayDateRange: boolean }> {
    return this.settings.displayDateRange(facility(q));
  }

  /** GET /api/requestRecord/authorizationFormTemplate?custodianId=. */
  @Public()
  @Get(apiRoute(REQUESTS_API.authorizationFormTemplate))
  authorizationForm(@Query(validate(custodianQuery)) q: Query): Promise<AuthorizationFormTemplate> {
    return this.settings.authorizationForm(facility(q));
  }

  /** GET /api/requestRecord/init?custodianId=&custodianAliasId=. */
  @Public()
  @Get(apiRoute(REQUESTS_API.init))
  init(@Query(validate(custodianQuery)) q: Query, @RequestCaller() caller: Caller): Promise<WizardInit> {
    return this.settings.init(facility(q, caller));
  }
}
