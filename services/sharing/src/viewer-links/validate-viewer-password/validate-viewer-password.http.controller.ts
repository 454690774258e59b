import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { apiRoute, SHARING_API, viewerPasswordSchema, type ViewerSession } from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import type { InferType } from 'yup';
import { ValidateViewerPassword } from './validate-viewer-password';

@ApiTags('sharing')
@Controller()
export class ValidateViewerPasswordController {
  constructor(private readonly validateViewerPassword: ValidateViewerPassword) {}

  /** POST /api/sharing/viewerLinks/{id}/validatePassword {password}: public, rate limited per link and address. */
  @Public()
  @Post(apiRoute(SHARING_API.validateViewerPassword, 'id'))
  @HttpCode(200)
  @ApiOperation({ summary: "Validate the password from the patient's form: a view token (records spec §7)" })
  @ApiOkResponse({ description: '{ token }' })
  validate(
    @Param('id') id: string,
    @Body(validate(viewerPasswordSchema)) body: InferType<typeof viewerPasswordSchema>,
    @RequestCaller() caller: Caller,
  ): Promise<ViewerSession> {
    return this.validateViewerPassword.execute(id, body.password, caller);
  }
}
