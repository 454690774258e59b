import { Injectable } from '@nestjs/common';
import { parseResourceScope, scopesAllow, type SmartInteraction } from '@portal/contracts';
import type { FhirCaller } from '@portal/server-kit';
import { writeNotAllowed, writeNotInScope } from '../fhir.errors';

/**
 * Any FHIR write (create, update, patch, delete, a transaction): the API is read-only. A token whose
 * scopes do not allow the change is told so first (403, as SMART says), so an app learns what it lacks;
 * one whose scopes would allow it still gets 405 (the portal grants no write scope today).
 */
@Injectable()
export class RefuseWrites {
  execute(fhir: Pick<FhirCaller, 'scopes'>, type: string | null, interaction: SmartInteraction): never {
    const allowed = type
      ? scopesAllow(fhir.scopes, type, interaction)
      : fhir.scopes.some((s) =>
          parseResourceScope(s)?.interactions.some((i) => i === 'c' || i === 'u' || i === 'd'),
        );
    if (!allowed) throw writeNotInScope(type ?? 'resources');
    throw writeNotAllowed();
  }
}
