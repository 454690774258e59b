import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  BILLING_API,
  type CheckoutStart,
  type GroupSeats,
  groupSeatsSchema,
} from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { GetGroupSeats } from './get-group-seats/get-group-seats';
import { SponsorGroup } from './sponsor-group/sponsor-group';

type GroupInput = InferType<typeof groupSeatsSchema>;

@ApiTags('subscription')
@Controller()
export class GroupSeatsController {
  constructor(
    private readonly seats: GetGroupSeats,
    private readonly sponsor: SponsorGroup,
  ) {}

  /** GET /api/subscription/groupSeats?groupId= (the group's admin or coordinator): its seat plan and who it covers. */
  @ApiOperation({ summary: 'A group’s seat plan and who it covers' })
  @Roles('GROUP_ADMIN', 'MEDICAL_COORDINATOR')
  @Get(apiRoute(BILLING_API.groupSeats))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(groupSeatsSchema)) q: GroupInput,
  ): Promise<GroupSeats> {
    return this.seats.execute(user.sub, q.groupId);
  }

  /** POST /api/subscription/sponsorGroup (the group's admin): the processor's page for the group's seats. */
  @ApiOperation({ summary: 'Pay for the group’s patients’ storage, one seat each' })
  @HttpCode(200)
  @Roles('GROUP_ADMIN')
  @Post(apiRoute(BILLING_API.sponsorGroup))
  start(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(groupSeatsSchema)) body: GroupInput,
  ): Promise<CheckoutStart> {
    return this.sponsor.start(user.sub, body.groupId);
  }

  /** POST /api/subscription/endGroupSponsorship (the group's admin): the seat plan ends at the period's end. */
  @ApiOperation({ summary: 'End the group’s seat plan at the end of the period' })
  @HttpCode(200)
  @Roles('GROUP_ADMIN')
  @Post(apiRoute(BILLING_API.endGroupSponsorship))
  end(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(groupSeatsSchema)) body: GroupInput,
  ): Promise<GroupSeats> {
    return this.sponsor.end(user.sub, body.groupId);
  }
}
