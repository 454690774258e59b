import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { apiRoute, IMAGING_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  sendFile,
} from '@portal/server-kit';
import { GetStudyThumbnail } from './get-study-thumbnail';

@ApiTags('imaging')
@Controller()
export class GetStudyThumbnailController {
  constructor(private readonly getStudyThumbnail: GetStudyThumbnail) {}

  /** GET /api/imaging/studies/{studyInstanceUid}/thumbnail (who may see the study): a PNG drawn from its own DICOM. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('imaging', 'VIEW_RECORDS')
  @Get(apiRoute(IMAGING_API.thumbnail, 'studyInstanceUid'))
  async get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('studyInstanceUid') study: string,
    @RequestCaller() caller: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const { png } = await this.getStudyThumbnail.execute(user.sub, study, caller);
    return sendFile(reply, {
      body: png,
      contentType: 'image/png',
      fileName: `${study}.png`,
      disposition: 'inline',
      cache: { maxAgeSeconds: 3600 },
    });
  }
}
