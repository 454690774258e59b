import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import { apiRoute, type BackupStatus, FHIR_ACCESS_API, startBackupSchema } from '@portal/contracts';
import {
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
  validate,
} from '@portal/server-kit';
import { GetBackup } from './get-backup';
import { StartBackup } from './start-backup';

@ApiTags('records')
@Controller()
export class BackupController {
  constructor(
    private readonly getBackup: GetBackup,
    private readonly startBackup: StartBackup,
  ) {}

  /** GET /api/fhirAccess/backup (the patient): BackupStatus of their last "Download everything". */
  @Roles('PATIENT')
  @Get(apiRoute(FHIR_ACCESS_API.backup))
  @ApiOkResponse({ description: 'BackupStatus' })
  backup(@CurrentUser() user: CurrentUserClaims): Promise<BackupStatus> {
    return this.getBackup.execute(user.sub);
  }

  /** POST /api/fhirAccess/backup (the patient): starts "Download everything"; 202 BackupStatus. */
  @Roles('PATIENT')
  @Post(apiRoute(FHIR_ACCESS_API.startBackup))
  @HttpCode(202)
  @ApiResponse({ status: 202, description: 'BackupStatus' })
  start(
    @CurrentUser() user: CurrentUserClaims,
    @Body(validate(startBackupSchema)) body: { full?: boolean },
    @RequestCaller() request: Caller,
  ): Promise<BackupStatus> {
    return this.startBackup.execute(user.sub, !!body.full, request);
  }
}
