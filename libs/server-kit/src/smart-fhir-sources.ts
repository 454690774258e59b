import { readFileSync } from 'node:fs';
import { type SmartFhirSourceConfig, smartFhirSourceSchema } from '@portal/contracts';

/**
 * SMART_FHIR_SOURCES: the facility systems (PACS over DICOMweb, EHR over FHIR R4) the portal may
 * query for a patient's studies, as a JSON array, or `@/path/to/file.json`. Every entry is checked
 * at start: a wrong deployment fails before any patient waits on it. Secrets (passwords, private
 * keys) live only here, never in a row, an event or an answer.
 */
export const smartFhirSources = (raw: string | undefined): SmartFhirSourceConfig[] => {
  if (!raw?.trim()) return [];
  const text = raw.trim().startsWith('@') ? readFileSync(raw.trim().slice(1), 'utf8') : raw;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error('SMART_FHIR_SOURCES must be a JSON array of sources (or @file with one)');
  }
  if (!Array.isArray(parsed)) throw new Error('SMART_FHIR_SOURCES must be a JSON array of sources');
  const sources = parsed.map((entry, i) => {
    try {
      return smartFhirSourceSchema.validateSync(entry, { stripUnknown: false }) as SmartFhirSourceConfig;
    } catch (err) {
      throw new Error(`SMART_FHIR_SOURCES[${i}]: ${(err as Error).message}`);
    }
  });
  const ids = new Set(sources.map((s) => s.id));
  if (ids.size !== sources.length) throw new Error('SMART_FHIR_SOURCES: two sources share an id');
  return sources;
};
