import { Controller, Delete, Param, Patch, Post, Put } from '@nestjs/common';
import { ApiParam, ApiResponse } from '@nestjs/swagger';
import { apiRoute, FHIR_API } from '@portal/contracts';
import { Consumes, CurrentFhirCaller, type FhirCaller, JSON_BODY } from '@portal/server-kit';
import { FHIR_JSON } from '../fhir-http';
import { FhirApi } from '../fhir-route';
import { RefuseWrites } from './refuse-writes';

/** Writes arrive as FHIR JSON (or plain JSON); they are refused before the body means anything. */
const takesFhirJson = Consumes([FHIR_JSON, 'application/json'], JSON_BODY.limit);
/** The id of an instance-level write: never read, only documented. */
const namesAnId = ApiParam({ name: 'id', type: String });
const refused = ApiResponse({
  status: 405,
  description: 'The API is read-only (403 first when the scopes do not allow the change)',
});

/** Every FHIR write interaction, on any type: read-only (see RefuseWrites). */
@FhirApi()
@Controller()
export class RefuseWritesController {
  constructor(private readonly refuseWrites: RefuseWrites) {}

  /** POST /api/fhir: batch or transaction. */
  @Post(apiRoute(FHIR_API.base))
  @takesFhirJson
  @refused
  transaction(@CurrentFhirCaller() fhir: FhirCaller): never {
    return this.refuseWrites.execute(fhir, null, 'c');
  }

  /** POST /api/fhir/{type}: create. */
  @Post(apiRoute(FHIR_API.search, 'type'))
  @takesFhirJson
  @refused
  create(@CurrentFhirCaller() fhir: FhirCaller, @Param('type') type: string): never {
    return this.refuseWrites.execute(fhir, type, 'c');
  }

  /** PUT /api/fhir/{type}: conditional update. */
  @Put(apiRoute(FHIR_API.search, 'type'))
  @takesFhirJson
  @refused
  conditionalUpdate(@CurrentFhirCaller() fhir: FhirCaller, @Param('type') type: string): never {
    return this.refuseWrites.execute(fhir, type, 'u');
  }

  /** PATCH /api/fhir/{type}: conditional patch. */
  @Patch(apiRoute(FHIR_API.search, 'type'))
  @takesFhirJson
  @refused
  conditionalPatch(@CurrentFhirCaller() fhir: FhirCaller, @Param('type') type: string): never {
    return this.refuseWrites.execute(fhir, type, 'u');
  }

  /** DELETE /api/fhir/{type}: conditional delete. */
  @Delete(apiRoute(FHIR_API.search, 'type'))
  @refused
  conditionalDelete(@CurrentFhirCaller() fhir: FhirCaller, @Param('type') type: string): never {
    return this.refuseWrites.execute(fhir, type, 'd');
  }

  /** PUT /api/fhir/{type}/{id}: update. */
  @Put(apiRoute(FHIR_API.read, 'type', 'id'))
  @takesFhirJson
  @refused
  @namesAnId
  update(@CurrentFhirCaller() fhir: FhirCaller, @Param('type') type: string): never {
    return this.refuseWrites.execute(fhir, type, 'u');
  }

  /** PATCH /api/fhir/{type}/{id}: patch. */
  @Patch(apiRoute(FHIR_API.read, 'type', 'id'))
  @takesFhirJson
  @refused
  @namesAnId
  patch(@CurrentFhirCaller() fhir: FhirCaller, @Param('type') type: string): never {
    return this.refuseWrites.execute(fhir, type, 'u');
  }

  /** DELETE /api/fhir/{type}/{id}: delete. */
  @Delete(apiRoute(FHIR_API.read, 'type', 'id'))
  @refused
  @namesAnId
  remove(@CurrentFhirCaller() fhir: FhirCaller, @Param('type') type: string): never {
    return this.refuseWrites.execute(fhir, type, 'd');
  }
}
