import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, BILLING_API, type SubscriptionOverview } from '@portal/contracts';
import {
  CurrentUser,
  type CurrentUserClaims,
  InjectContext,
  Roles,
  type UseCaseKit,
} from '@portal/server-kit';
import { SubscriptionOverviews } from '../subscription-overview';

@ApiTags('subscription')
@Controller()
export class GetSubscriptionController {
  constructor(
    @InjectContext('billing') private readonly kit: UseCaseKit,
    private readonly overviews: SubscriptionOverviews,
  ) {}

  /** GET /api/subscription (the patient): Active or Not active, dates, plan, card, past due, group cover. */
  @ApiOperation({ summary: 'Your storage subscription' })
  @Roles('PATIENT')
  @Get(apiRoute(BILLING_API.subscription))
  get(@CurrentUser() user: CurrentUserClaims): Promise<SubscriptionOverview> {
    return this.overviews.of(this.kit.db, user.sub);
  }
}
