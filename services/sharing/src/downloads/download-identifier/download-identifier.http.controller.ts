import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, downloadQuerySchema, SHARING_API } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  validate,
} from '@portal/server-kit';
import type { InferType } from 'yup';
import { DownloadIdentifierUseCase } from './download-identifier';

@ApiTags('sharing')
@Controller()
export class DownloadIdentifierController {
  constructor(private readonly identifiers: DownloadIdentifierUseCase) {}

  /** GET /api/generateIdentifierForISO?patientRequestId=&studyUid=: DownloadIdentifier of the study's ISO. */
  @Get(apiRoute(SHARING_API.generateIdentifierForISO))
  iso(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(downloadQuerySchema)) q: InferType<typeof downloadQuerySchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.identifiers.execute(user.sub, q, 'iso', caller);
  }

  /** GET /api/downloadAllAttachments?patientRequestId=&studyUid=: DownloadIdentifier of the study's zip. */
  @Get(apiRoute(SHARING_API.downloadAllAttachments))
  zip(
    @CurrentUser() user: CurrentUserClaims,
    @Query(validate(downloadQuerySchema)) q: InferType<typeof downloadQuerySchema>,
    @RequestCaller() caller: Caller,
  ) {
    return this.identifiers.execute(user.sub, q, 'zip', caller);
  }
}
