import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { type Caller, CurrentUser, type CurrentUserClaims, RequestCaller, Roles } from '@portal/server-kit';
import { GetStudyThumbnail } from './get-study-thumbnail';

@ApiTags('imaging')
@Controller('imaging')
export class GetStudyThumbnailController {
  constructor(private readonly getStudyThumbnail: GetStudyThumbnail) {}

  /** GET /api/imaging/studies/{studyInstanceUid}/thumbnail (who may see the study): a PNG drawn from its own DICOM. */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @Get('studies/:studyInstanceUid/thumbnail')
  async get(@CurrentUser() user: CurrentUserClaims, @Param('studyInstanceUid') study: string, @RequestCaller() caller: Caller, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const { png } = await this.getStudyThumbnail.execute(user.sub, study, caller);
    // Headers only once the picture is there: a refusal stays a JSON error body.
    reply.headers({ 'content-type': 'image/png', 'cache-control': 'private, max-age=3600', 'x-content-type-options': 'nosniff' });
    return png;
  }
}
