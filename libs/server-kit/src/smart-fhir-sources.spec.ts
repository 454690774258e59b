import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { smartFhirSources } from './smart-fhir-sources';

const good = {
  id: 'lakeside-ehr',
  custodianId: '00000000-0000-4000-8000-000000000001',
  facilityName: 'Lakeside Radiology',
  kind: 'fhir',
  baseUrl: 'https://ehr.example.org/fhir/R4',
  auth: { type: 'smart-backend', clientId: 'portal', privateKeyJwk: { kty: 'EC' } },
};

describe('SMART_FHIR_SOURCES', () => {
  it('is none by default, and reads a JSON array inline or from @file', () => {
    expect(smartFhirSources(undefined)).toEqual([]);
    expect(smartFhirSources(JSON.stringify([good]))).toEqual([good]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sources-')), 'sources.json');
    fs.writeFileSync(file, JSON.stringify([good]));
    expect(smartFhirSources(`@${file}`)[0].id).toBe('lakeside-ehr');
  });

  it('fails the start, naming the entry, on anything wrong', () => {
    expect(() => smartFhirSources('{')).toThrow('JSON array');
    expect(() => smartFhirSources('{}')).toThrow('JSON array');
    expect(() => smartFhirSources(JSON.stringify([{ ...good, kind: 'hl7v2' }]))).toThrow(
      'SMART_FHIR_SOURCES[0]',
    );
    expect(() => smartFhirSources(JSON.stringify([{ ...good, baseUrl: 'file:///etc/passwd' }]))).toThrow(
      'http(s) URL',
    );
    expect(() => smartFhirSources(JSON.stringify([{ ...good, auth: { type: 'basic' } }]))).toThrow(
      'auth must be',
    );
    expect(() => smartFhirSources(JSON.stringify([good, good]))).toThrow('share an id');
  });
});
