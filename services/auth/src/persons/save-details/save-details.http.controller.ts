import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  AUTH_API,
  isPersonReading,
  type SaveDetailsRequest,
  saveDetailsSchema,
} from '@portal/contracts';
import {
  ActFor,
  type Caller,
  Consumes,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import { SaveDetails } from './save-details';

/**
 * Picks the schema by reading: names present means the person form (names required), otherwise photo
 * and signature only; the documented one is the latter, where every field is optional.
 */
const saveDetailsPipe = validate(saveDetailsSchema(false), {
  pick: (value) => saveDetailsSchema(isPersonReading(value as SaveDetailsRequest)),
});

@ApiTags('identity')
@Controller()
export class SaveDetailsController {
  constructor(private readonly saveDetails: SaveDetails) {}

  /** POST /api/myIdentity/saveDetails. */
  @ActFor('auth', 'EDIT_PERSONAL_INFO')
  @Post(apiRoute(AUTH_API.saveDetails))
  // A photo and a signature of up to 5 MB each, as base64.
  @Consumes('application/json', 16 * 1024 * 1024)
  @HttpCode(200)
  save(
    @CurrentUser() user: CurrentUserClaims,
    @Body(saveDetailsPipe) body: SaveDetailsRequest,
    @RequestCaller() caller: Caller,
  ) {
    return this.saveDetails.execute(user, body, caller);
  }
}
