import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { gridFetchQuery } from '@portal/contracts';
import { CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { FastifyReply } from 'fastify';
import type { InferType } from 'yup';
import { FetchGridChunk } from './fetch-grid-chunk';

@ApiTags('records')
@Controller('v2/myRecords')
export class FetchGridChunkController {
  constructor(private readonly fetchGridChunk: FetchGridChunk) {}

  /** GET /api/v2/myRecords/fetchData?identifier=&chunkSize=&chunkOffset=: a GridChunk, its rows sent as stored. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @Get('fetchData')
  @ApiOkResponse({ description: 'GridChunk {rows, hasMore}' })
  async fetch(@CurrentUser() user: CurrentUserClaims, @Query(validate(gridFetchQuery)) q: InferType<typeof gridFetchQuery>, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const json = await this.fetchGridChunk.execute(user.sub, q.identifier, q.chunkSize, q.chunkOffset);
    reply.header('content-type', 'application/json; charset=utf-8');
    return json;
  }
}
