import { scopesAllow } from '@portal/contracts';
import { invalidSearchParameter, noTypeInScope } from '../fhir.errors';
import { isFhirResourceType, SEARCHABLE_TYPES, type SearchableType } from '../resources/fhir-resources';

/**
 * The types $everything and $export read: those `_type` names (all when absent), narrowed to what the
 * token's scopes let it search. A type the server does not serve is a 400; one the scopes leave out is
 * left out; none left is a 403.
 */
export const typesToRead = (
  scopes: readonly string[],
  typeParameter: string | string[] | undefined,
): SearchableType[] => {
  const asked = [typeParameter ?? []]
    .flat()
    .flatMap((v) => String(v).split(','))
    .map((t) => t.trim())
    .filter(Boolean);
  for (const type of asked)
    if (!isFhirResourceType(type) || type === 'Binary')
      throw invalidSearchParameter('_type', `${type.slice(0, 64)} is not a resource type this export serves`);
  const candidates = asked.length ? SEARCHABLE_TYPES.filter((t) => asked.includes(t)) : SEARCHABLE_TYPES;
  const allowed = candidates.filter((t) => scopesAllow(scopes, t, 's'));
  if (!allowed.length) throw noTypeInScope();
  return allowed as SearchableType[];
};
