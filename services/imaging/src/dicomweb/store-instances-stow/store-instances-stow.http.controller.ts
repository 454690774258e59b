import { Controller, Headers, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { apiRoute, type DicomJsonDataset, DICOMWEB_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  Consumes,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { DICOM_JSON } from '../shared/media-types';
import { readStowBody, STOW_BODY_LIMIT } from '../shared/stow-body-parser';
import { StoreInstancesStow } from './store-instances-stow';

const stowBody = ApiBody({
  description: 'multipart/related; type="application/dicom": Part 10 files',
  schema: { type: 'string', format: 'binary' },
});
const answersStoreResponse = ApiOkResponse({
  description: 'The store response dataset (200 all stored, 202 some failed, 409 none)',
  content: { [DICOM_JSON]: { schema: { type: 'object' } } },
});

/** STOW-RS: a signed-in patient stores DICOM into their own library (never with a viewer token). */
@ApiTags('dicomweb')
@Controller()
export class StoreInstancesStowController {
  constructor(private readonly stow: StoreInstancesStow) {}

  /** POST /api/dicomweb/studies. */
  @Roles('PATIENT')
  @ActFor('imaging', 'UPLOAD_RECORDS')
  @Post(apiRoute(DICOMWEB_API.storeInstances))
  @Consumes('multipart/related', STOW_BODY_LIMIT)
  @stowBody
  @answersStoreResponse
  store(
    @CurrentUser() user: CurrentUserClaims,
    @Headers('content-type') type: string | undefined,
    @Req() req: { body?: unknown },
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DicomJsonDataset> {
    return this.send(user, type, req, undefined, caller, reply);
  }

  /** POST /api/dicomweb/studies/{study}: every instance must be of that study. */
  @Roles('PATIENT')
  @ActFor('imaging', 'UPLOAD_RECORDS')
  @Post(apiRoute(DICOMWEB_API.storeStudyInstances, 'study'))
  @Consumes('multipart/related', STOW_BODY_LIMIT)
  @stowBody
  @answersStoreResponse
  storeInStudy(
    @CurrentUser() user: CurrentUserClaims,
    @Param('study') study: string,
    @Headers('content-type') type: string | undefined,
    @Req() req: { body?: unknown },
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DicomJsonDataset> {
    return this.send(user, type, req, study, caller, reply);
  }

  private async send(
    user: CurrentUserClaims,
    type: string | undefined,
    req: { body?: unknown },
    study: string | undefined,
    caller: Caller,
    reply: FastifyReply,
  ): Promise<DicomJsonDataset> {
    // Read only now, after the guard: an unauthenticated body is never buffered.
    const body = await readStowBody(req.body);
    const { status, dataset } = await this.stow.execute(user.sub, type, body, study, caller);
    reply.status(status).header('content-type', DICOM_JSON);
    return dataset;
  }
}
