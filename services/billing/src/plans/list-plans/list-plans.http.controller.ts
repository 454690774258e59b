import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, BILLING_API, type StoragePlan } from '@portal/contracts';
import { Roles } from '@portal/server-kit';
import { ListPlans } from './list-plans';

@ApiTags('subscription')
@Controller()
export class ListPlansController {
  constructor(private readonly plans: ListPlans) {}

  /** GET /api/subscription/plans (the patient): the storage plans and their prices. */
  @ApiOperation({ summary: 'The storage plans' })
  @Roles('PATIENT')
  @Get(apiRoute(BILLING_API.plans))
  list(): Promise<StoragePlan[]> {
    return this.plans.execute();
  }
}
