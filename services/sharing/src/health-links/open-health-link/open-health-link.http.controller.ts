import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { InferType } from 'yup';
import { apiRoute, healthLinkManifestSchema, SHARING_API } from '@portal/contracts';
import { type Caller, Public, RequestCaller, validate } from '@portal/server-kit';
import { OpenHealthLink } from './open-health-link';

@ApiTags('sharing')
@Controller()
export class OpenHealthLinkController {
  constructor(private readonly openHealthLink: OpenHealthLink) {}

  /** POST /api/shl/{healthLinkId} {recipient, passcode}: the manifest (public, any site; 401 wrong passcode, 404 removed or expired). */
  @Public()
  @Post(apiRoute(SHARING_API.healthLinkManifest, 'healthLinkId'))
  @HttpCode(200)
  open(
    @Param('healthLinkId') id: string,
    @Body(validate(healthLinkManifestSchema)) body: InferType<typeof healthLinkManifestSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.openHealthLink.execute(id, body, caller);
  }
}
