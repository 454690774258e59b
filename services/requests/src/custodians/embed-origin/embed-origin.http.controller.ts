import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, embedOriginQuery, REQUESTS_API } from '@portal/contracts';
import { Public, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { CheckEmbedOrigin } from './embed-origin';

@ApiTags('requests')
@Controller()
export class EmbedOriginController {
  constructor(private readonly checkEmbedOrigin: CheckEmbedOrigin) {}

  /** GET /api/facility/embedOrigin?origin=. */
  @Public()
  @Get(apiRoute(REQUESTS_API.embedOrigin))
  check(
    @Query(validate(embedOriginQuery)) query: InferType<typeof embedOriginQuery>,
  ): Promise<{ allowed: boolean; custodianIds: string[] }> {
    return this.checkEmbedOrigin.execute(query.origin);
  }
}
