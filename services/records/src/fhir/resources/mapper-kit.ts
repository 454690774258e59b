import type { HumanName, Meta } from '@medplum/fhirtypes';

/** A row's time as FHIR's instant (UTC, milliseconds). */
export const instant = (at: Date | string): string => new Date(at).toISOString();

export const metaOf = (lastUpdated: Date | string | null | undefined): { meta?: Meta } =>
  lastUpdated ? { meta: { lastUpdated: instant(lastUpdated) } } : {};

/** FHIR refuses empty and whitespace-only strings: what says nothing is left out. */
export const text = (value: string | null | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

/** A person's name as FHIR's HumanName, or nothing when neither part is known. */
export const humanNames = (first: string | null, last: string | null): HumanName[] | undefined => {
  const given = text(first);
  const family = text(last);
  if (!given && !family) return undefined;
  return [{ use: 'official', ...(family ? { family } : {}), ...(given ? { given: [given] } : {}) }];
};

/** Leaves out the keys whose value is undefined, so a resource carries no empty element. */
export const compact = <T extends object>(value: T): T => {
  // A plain loop: this runs for every element of every resource a search answers.
  const out = {} as T;
  for (const key in value) if (value[key] !== undefined) out[key] = value[key];
  return out;
};

export const patientReference = (patientId: string) => ({ reference: `Patient/${patientId}` });
