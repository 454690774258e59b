import { Body, Controller, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, printAccessPageSchema, SHARING_API } from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { PrintAccessPage } from './print-access-page';

@ApiTags('sharing')
@Controller()
export class PrintAccessPageController {
  constructor(private readonly printAccessPage: PrintAccessPage) {}

  /** POST /api/sharing/printAccessPage {patientRequestId, studyUid?, expiresAt?}: PrintedAccessPage. */
  @Roles('PATIENT')
  @ActFor('sharing', 'SHARE_RECORDS')
  @Post(apiRoute(SHARING_API.printAccessPage))
  print(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(printAccessPageSchema)) body: InferType<typeof printAccessPageSchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.printAccessPage.execute(user.sub, body, caller);
  }
}
