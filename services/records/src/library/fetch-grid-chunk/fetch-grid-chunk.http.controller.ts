import { Controller, Get, Headers, Query, Res } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { apiRoute, gridFetchQuery, RECORDS_API } from '@portal/contracts';
import { ActFor, CurrentUser, type CurrentUserClaims, Roles, validate } from '@portal/server-kit';
import type { FastifyReply } from 'fastify';
import type { InferType } from 'yup';
import { chunkEncodingOf } from '../grid-chunk.cache';
import { FetchGridChunk } from './fetch-grid-chunk';

@ApiTags('records')
@Controller()
export class FetchGridChunkController {
  constructor(private readonly fetchGridChunk: FetchGridChunk) {}

  /** GET /api/v2/myRecords/fetchData?identifier=&chunkSize=&chunkOffset=: a GridChunk, its rows sent as stored. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.fetchData))
  @ApiOkResponse({ description: 'GridChunk {rows, hasMore}' })
  async fetch(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(gridFetchQuery)) q: InferType<typeof gridFetchQuery>,
    @Headers('accept-encoding') accept: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | Buffer> {
    const { body, encoding } = await this.fetchGridChunk.execute(
      user.sub,
      q.identifier,
      q.chunkSize,
      q.chunkOffset,
      chunkEncodingOf(accept),
    );
    reply.header('content-type', 'application/json; charset=utf-8');
    // A chunk kept compressed is sent as it is (the edge leaves an encoded answer alone).
    if (encoding) reply.header('content-encoding', encoding).header('vary', 'Accept-Encoding');
    return body;
  }
}
