import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FacilityLink } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { GetFacilityLink } from './facility-link';

@ApiTags('requests')
@Controller('facility')
export class FacilityLinkController {
  constructor(private readonly facilityLink: GetFacilityLink) {}

  /** GET /api/facility/facilityLink/{id}. */
  @Public()
  @Get('facilityLink/:id')
  get(@Param('id', new ParseUUIDPipe()) id: string): Promise<FacilityLink> {
    return this.facilityLink.execute(id);
  }
}
