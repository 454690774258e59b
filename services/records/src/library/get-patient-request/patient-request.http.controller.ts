import { Controller, Get, Param, ParseUUIDPipe } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  apiRoute,
  type DocumentCounts,
  type LibraryAttachment,
  type PatientRequest,
  RECORDS_API,
} from '@portal/contracts';
import {
  ActFor,
  type Caller,
  CurrentUser,
  type CurrentUserClaims,
  RequestCaller,
  Roles,
} from '@portal/server-kit';
import { libraryDocumentNotFound, patientRequestNotFound } from '../library.errors';
import { GetDocumentCounts } from '../get-document-counts/get-document-counts';
import { GetRequestDocument } from '../get-request-document/get-request-document';
import { GetPatientRequest } from './get-patient-request';

/** An id that is no uuid names nothing that exists (404). */
const requestId = new ParseUUIDPipe({ exceptionFactory: () => patientRequestNotFound() });
const documentId = new ParseUUIDPipe({ exceptionFactory: () => libraryDocumentNotFound() });

@ApiTags('records')
@Controller()
export class PatientRequestController {
  constructor(
    private readonly getPatientRequest: GetPatientRequest,
    private readonly getDocumentCounts: GetDocumentCounts,
    private readonly getRequestDocument: GetRequestDocument,
  ) {}

  /** GET /api/patientRequest/{id} (the owner). */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.patientRequest, 'id'))
  get(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', requestId) id: string,
    @RequestCaller() caller: Caller,
  ): Promise<PatientRequest> {
    return this.getPatientRequest.execute(user.sub, id, caller);
  }

  /** GET /api/patientRequest/{id}/documents/counts (the owner). */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.documentCounts, 'id'))
  counts(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', requestId) id: string,
    @RequestCaller() caller: Caller,
  ): Promise<DocumentCounts> {
    return this.getDocumentCounts.execute(user.sub, id, caller);
  }

  /** GET /api/patientRequest/{id}/documentRequests/{docReqId}/documents/{docId} (the owner). */
  @Roles('PATIENT', 'EXTERNAL_VIEWER')
  @ActFor('records', 'VIEW_RECORDS')
  @Get(apiRoute(RECORDS_API.documentById, 'id', 'docReqId', 'docId'))
  document(
    @CurrentUser() user: CurrentUserClaims,
    @Param('id', requestId) patientRequestId: string,
    @Param('docReqId', documentId) documentRequestId: string,
    @Param('docId', documentId) docId: string,
    @RequestCaller() caller: Caller,
  ): Promise<LibraryAttachment> {
    return this.getRequestDocument.execute(
      user.sub,
      { patientRequestId, documentRequestId, documentId: docId },
      caller,
    );
  }
}
