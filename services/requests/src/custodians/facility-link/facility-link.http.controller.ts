import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, type FacilityLink, REQUESTS_API } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { GetFacilityLink } from './facility-link';

@ApiTags('requests')
@Controller()
export class FacilityLinkController {
  constructor(private readonly facilityLink: GetFacilityLink) {}

  /** GET /api/facility/facilityLink/{id}. */
  @Public()
  @Get(apiRoute(REQUESTS_API.facilityLink, 'id'))
  get(@Param('id', new ParseUUIDPipe()) id: string): Promise<FacilityLink> {
    return this.facilityLink.execute(id);
  }
}
