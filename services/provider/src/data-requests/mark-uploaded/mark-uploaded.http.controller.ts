import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, MESSAGES, patientRequestIdSchema, PROVIDER_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { MarkUploaded } from './mark-uploaded';

@ApiTags('provider')
@Controller()
export class MarkUploadedController {
  constructor(private readonly markUploaded: MarkUploaded) {}

  /** POST /api/markPatientRequestAsUploaded. */
  @Roles('EXTERNAL_PROVIDER')
  @Post(apiRoute(PROVIDER_API.markUploaded))
  async mark(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(patientRequestIdSchema)) body: InferType<typeof patientRequestIdSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<{ message: string }> {
    await this.markUploaded.execute(user.sub, body.patientRequestId, caller);
    return { message: MESSAGES.markedUploaded };
  }
}
