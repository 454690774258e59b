import { Body, Controller, Get, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  PROVIDER_API,
  type ProviderRecord,
  providerRecordsQuery,
  starRecordSchema,
} from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { ListRecords } from './list-records/list-records';
import { StarRecord } from './star-record/star-record';

@ApiTags('provider')
@Controller()
export class RecordsController {
  constructor(
    private readonly listRecords: ListRecords,
    private readonly starRecord: StarRecord,
  ) {}

  /** GET /api/provider/records?tab=all|favourites|shared&search=. */
  @Roles('EXTERNAL_PROVIDER')
  @Get(apiRoute(PROVIDER_API.records))
  list(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(providerRecordsQuery)) q: InferType<typeof providerRecordsQuery>,
    @RequestCaller() caller: Caller,
  ): Promise<ProviderRecord[]> {
    return this.listRecords.execute(user.sub, q, caller);
  }

  /** POST /api/provider/records/star. */
  @Roles('EXTERNAL_PROVIDER')
  @Post(apiRoute(PROVIDER_API.starRecord))
  async star(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(starRecordSchema)) body: InferType<typeof starRecordSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<{ starred: boolean }> {
    await this.starRecord.execute(user.sub, body, caller);
    return { starred: body.starred };
  }
}
