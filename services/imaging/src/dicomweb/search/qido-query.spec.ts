import { MAX_LIMIT, parseQido, toLikePattern } from './qido-query';

describe('parseQido', () => {
  it('turns DICOM wildcards into a case-insensitive LIKE, escaping LIKE characters, and exact values into a case-insensitive equality', () => {
    expect(toLikePattern('do*_j?n%')).toBe('do%\\_j_n\\%');
    expect(parseQido({ PatientName: 'doe*' })).toMatchObject({
      conditions: ['patient_name ILIKE $1'],
      params: ['doe%'],
    });
    expect(parseQido({ '00100020': 'MRN1' })).toMatchObject({
      conditions: ['lower(patient_id) = lower($1)'],
      params: ['MRN1'],
    });
  });

  it('reads dates and ranges, UID lists, modality lists, and numbers placeholders from the first given', () => {
    const q = parseQido(
      {
        StudyDate: '20200101-20201231',
        StudyInstanceUID: '1.2.3,1.2.4',
        ModalitiesInStudy: 'mr\\ct',
        limit: '10',
        offset: '20',
      },
      5,
    );
    expect(q.conditions).toEqual([
      'study_date >= $5::date',
      'study_date <= $6::date',
      'study_instance_uid = ANY($7)',
      expect.stringContaining('upper(m.modality) = ANY($8)'),
    ]);
    expect(q.params).toEqual(['2020-01-01', '2020-12-31', ['1.2.3', '1.2.4'], ['MR', 'CT']]);
    expect(q).toMatchObject({ limit: 10, offset: 20 });
    expect(parseQido({ StudyDate: '-20200101' }).conditions).toEqual(['study_date <= $1::date']);
    expect(parseQido({ StudyDate: '20200101' }).conditions).toEqual(['study_date = $1::date']);
  });

  it('accepts includefield and fuzzymatching, ignores keys it does not match on, and caps the page', () => {
    expect(
      parseQido({ includefield: 'all', fuzzymatching: 'false', PatientWeight: '80', Modality: '' }),
    ).toEqual({ conditions: [], params: [], limit: MAX_LIMIT, offset: 0 });
    expect(parseQido({ limit: '999999' }).limit).toBe(MAX_LIMIT);
  });

  it.each([
    [{ StudyDate: '2020-01-01' }, 'StudyDate must be a date'],
    [{ StudyDate: '20200230' }, 'not a real date'],
    [{ StudyDate: '-' }, 'at least one end'],
    [{ SeriesInstanceUID: '1.2.x' }, 'SeriesInstanceUID must be UIDs'],
    [{ limit: '-5' }, 'limit must be a whole number'],
    [{ offset: 'x' }, 'offset must be a whole number'],
  ])('refuses %j with a 400 that says what is wrong', (query, message) => {
    expect(() => parseQido(query)).toThrow(
      expect.objectContaining({
        code: 'REQUEST.VALIDATION_FAILED',
        message: expect.stringContaining(message),
      }),
    );
  });
});
