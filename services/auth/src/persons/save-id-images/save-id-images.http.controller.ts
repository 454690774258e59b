import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, saveDetailsExternalSchema } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { SaveIdImages } from './save-id-images';

@ApiTags('identity')
@Controller()
export class SaveIdImagesController {
  constructor(private readonly saveIdImages: SaveIdImages) {}

  /** POST /api/myIdentity/saveDetails/external-request {personId, photo, signature}. */
  @ActFor('auth', 'EDIT_PERSONAL_INFO')
  @Post(apiRoute(AUTH_API.saveDetailsExternal))
  @HttpCode(200)
  save(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(saveDetailsExternalSchema)) body: InferType<typeof saveDetailsExternalSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.saveIdImages.execute(user, body, caller);
  }
}
