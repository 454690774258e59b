import type { Readable } from 'node:stream';
import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { Binary } from '@medplum/fhirtypes';
import { apiRoute, FHIR_API } from '@portal/contracts';
import { type Caller, CurrentFhirCaller, type FhirCaller, RequestCaller, sendFile } from '@portal/server-kit';
import { FHIR_JSON, FHIR_JSON_UTF8 } from '../fhir-http';
import { FhirApi } from '../fhir-route';
import { ReadBinary } from './read-binary';

/** Accept headers that ask for the resource rather than its bytes (FHIR R4 §2.1.0.2, Binary). */
const FHIR_JSON_TYPES = [FHIR_JSON, 'application/json+fhir', 'application/json'];
const wantsFhirJson = (accept: string | undefined): boolean =>
  (accept ?? '')
    .split(',')
    .map((t) => t.split(';')[0].trim().toLowerCase())
    .some((t) => FHIR_JSON_TYPES.includes(t));

@FhirApi()
@Controller()
export class ReadBinaryController {
  constructor(private readonly readBinary: ReadBinary) {}

  /** GET /api/fhir/Binary/{id}: the document's bytes, or a Binary resource for Accept: application/fhir+json. */
  @Get(apiRoute(FHIR_API.binary, 'id'))
  @ApiOkResponse({
    description: "The document's bytes in their own type, or a FHIR Binary",
    content: { 'application/octet-stream': {}, [FHIR_JSON]: { schema: { type: 'object' } } },
  })
  async read(
    @CurrentFhirCaller() fhir: FhirCaller,
    @Param('id') id: string,
    @Headers('accept') accept: string | undefined,
    @RequestCaller() request: Caller,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Binary | Readable> {
    const answer = await this.readBinary.execute(fhir, id, wantsFhirJson(accept), request);
    if ('resource' in answer) {
      void reply.header('content-type', FHIR_JSON_UTF8);
      return answer.resource;
    }
    return sendFile(reply, {
      stream: answer.stream,
      contentType: answer.contentType,
      fileName: answer.fileName,
      disposition: 'inline',
    });
  }
}
