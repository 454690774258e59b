import { Injectable } from '@nestjs/common';
import { FHIR_API } from '@portal/contracts';
import type { Caller, FhirCaller } from '@portal/server-kit';
import { outputFormatUnsupported, preferAsyncRequired, resourceNotFound } from '../../fhir.errors';
import { parseSince, type SearchQuery } from '../../search/search-params';
import { typesToRead } from '../../search/types-to-read';
import { BulkExports } from '../bulk-exports';

const NDJSON_FORMATS = ['application/fhir+ndjson', 'application/ndjson', 'ndjson'];

/**
 * GET /api/fhir/Patient/{id}/$export (Bulk Data Access 2.0, patient level): asynchronous only
 * (`Prefer: respond-async`), in NDJSON, of the types the scopes let the app search (`_type` narrows),
 * changed after `_since` when given. Answers the status URL; the export runs in the background.
 */
@Injectable()
export class StartExport {
  constructor(private readonly bulkExports: BulkExports) {}

  async execute(
    fhir: FhirCaller,
    patientId: string,
    input: { prefer: string | undefined; query: SearchQuery; requestUrl: string },
    request: Caller,
  ): Promise<{ statusPath: string }> {
    if (patientId !== fhir.patientId) throw resourceNotFound('Patient', patientId);
    if (!/(^|[\s,;])respond-async($|[\s,;])/i.test(input.prefer ?? '')) throw preferAsyncRequired();
    const format = input.query._outputFormat;
    if (format !== undefined && !(typeof format === 'string' && NDJSON_FORMATS.includes(format)))
      throw outputFormatUnsupported();
    const types = typesToRead(fhir.scopes, input.query._type);
    const since = parseSince(input.query._since);
    const job = await this.bulkExports.begin(
      fhir,
      { kind: 'fhir', types, since, request: input.requestUrl },
      request,
    );
    return { statusPath: FHIR_API.exportStatus(job.id) };
  }
}
