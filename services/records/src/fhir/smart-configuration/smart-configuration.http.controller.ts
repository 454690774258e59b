import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { apiRoute, FHIR_API } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { GetSmartConfiguration, type SmartConfiguration } from './smart-configuration';

@ApiTags('fhir')
@Public()
@Controller()
export class SmartConfigurationController {
  constructor(private readonly getSmartConfiguration: GetSmartConfiguration) {}

  /** GET /api/fhir/.well-known/smart-configuration: public (SMART 2.2 §2.1.2). */
  @Get(apiRoute(FHIR_API.smartConfiguration))
  @Header('cache-control', 'public, max-age=3600')
  @ApiOkResponse({ description: 'The SMART configuration (JSON)' })
  smartConfiguration(): SmartConfiguration {
    return this.getSmartConfiguration.execute();
  }
}
