import { PATIENT } from '../test-fixtures';
import { inDateBound, parseDateParameter, parseSearch, parseSince } from './search-params';

const opts = { patientId: PATIENT, defaultCount: 50, maxCount: 200 };

describe('FHIR search parameters', () => {
  it('reads a date at its precision as the range it covers, in UTC unless it names a zone', () => {
    expect(parseDateParameter('date', '2024')).toEqual({
      prefix: 'eq',
      from: new Date('2024-01-01T00:00:00Z'),
      to: new Date('2025-01-01T00:00:00Z'),
    });
    expect(parseDateParameter('date', 'ge2024-03')).toMatchObject({
      prefix: 'ge',
      from: new Date('2024-03-01T00:00:00Z'),
      to: new Date('2024-04-01T00:00:00Z'),
    });
    expect(parseDateParameter('_lastUpdated', 'lt2024-03-12T10:30:00+02:00')).toMatchObject({
      from: new Date('2024-03-12T08:30:00Z'),
      to: new Date('2024-03-12T08:30:01Z'),
    });
  });

  it('applies the prefixes to an instant as the SQL does', () => {
    const at = new Date('2024-03-12T12:00:00Z');
    const day = (p: string) => parseDateParameter('date', `${p}2024-03-12`);
    expect(['eq', 'ge', 'le', 'gt', 'lt'].map((p) => inDateBound(at, day(p)))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it.each([
    '2024-13-01',
    '2024-02-30',
    '12-03-2024',
    'ap2024',
    'ne2024-01-01',
    'yesterday',
    '2024-03-12T25:00',
  ])('refuses %j with a 400 naming the parameter', (value) => {
    expect(() => parseSearch('ImagingStudy', { date: value }, opts)).toThrow(
      expect.objectContaining({
        code: 'REQUEST.VALIDATION_FAILED',
        message: expect.stringContaining('date'),
      }),
    );
  });

  it('pages by _count (default 50, cut to 200) and _offset, refusing what is no whole number', () => {
    expect(parseSearch('ImagingStudy', {}, opts).paging).toEqual({ count: 50, offset: 0 });
    expect(parseSearch('ImagingStudy', { _count: '5000', _offset: '10' }, opts).paging).toEqual({
      count: 200,
      offset: 10,
    });
    for (const bad of [{ _count: '-1' }, { _count: 'ten' }, { _offset: '1e3' }])
      expect(() => parseSearch('ImagingStudy', bad, opts)).toThrow(
        expect.objectContaining({ code: 'REQUEST.VALIDATION_FAILED' }),
      );
  });

  it('keeps the parameters the type knows and ignores the others (left out of the links)', () => {
    const parsed = parseSearch(
      'ImagingStudy',
      {
        modality: 'MR,http://dicom.nema.org/resources/ontology/DCM|CT,http://other|XA',
        _sort: 'x',
        foo: 'bar',
      },
      opts,
    );
    expect(parsed.criteria.modality).toEqual(['MR', 'CT']);
    expect(parsed.applied).toEqual([['modality', expect.any(String)]]);
    expect(parseSearch('Patient', { modality: 'MR', date: '2024' }, opts).criteria).toEqual({
      lastUpdated: [],
      date: [],
    });
  });

  it('matches nothing when patient= names anyone but the patient in context, in any of its forms', () => {
    for (const own of [PATIENT, `Patient/${PATIENT}`, `http://portal.test/api/fhir/Patient/${PATIENT}`])
      expect(parseSearch('ImagingStudy', { patient: own }, opts).criteria.otherPatient).toBeFalsy();
    expect(parseSearch('ImagingStudy', { patient: 'Patient/someone-else' }, opts).criteria.otherPatient).toBe(
      true,
    );
  });

  it('ANDs repeated parameters: two _lastUpdated make a range, two _id lists their common ids', () => {
    const parsed = parseSearch(
      'DocumentReference',
      { _lastUpdated: ['ge2024-01-01', 'lt2025-01-01'], _id: ['a,b', 'b,c'], status: 'current' },
      opts,
    );
    expect(parsed.criteria.lastUpdated.map((b) => b.prefix)).toEqual(['ge', 'lt']);
    expect(parsed.criteria.ids).toEqual(['b']);
    expect(parsed.criteria.status).toEqual(['current']);
  });

  it('reads _since as an instant and refuses a prefixed one', () => {
    expect(parseSince('2024-03-12T10:00:00Z')).toEqual(new Date('2024-03-12T10:00:00Z'));
    expect(parseSince(undefined)).toBeUndefined();
    expect(() => parseSince('gt2024-01-01')).toThrow(
      expect.objectContaining({ code: 'REQUEST.VALIDATION_FAILED' }),
    );
  });
});
