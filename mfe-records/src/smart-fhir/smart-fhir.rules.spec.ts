import { INITIAL_QUERY, progressOf, queryReducer, uniqueSources } from './query-state';
import { accessionNumber, mergeRows, otherQueryItems, studyDate } from './smart-fhir.rules';
import { failed, pending, ready, source, studyRow } from './testing';

describe('Smart FHIR rules', () => {
  it('merges rows newest first, undated last, equal dates in arrival order, each id once; marks requested rows', () => {
    const rows = [
      studyRow('a', { study_date: '2024-01-01' }),
      studyRow('b', { study_date: null }),
      studyRow('c', { study_date: '2025-01-01' }),
      studyRow('d', { study_date: '2024-01-01' }),
      studyRow('a', { study_date: '2024-01-01' }),
    ];
    const merged = mergeRows(rows, new Map([['d', 'pr-d']]));
    expect(merged.map((r) => r.id)).toEqual(['c', 'a', 'd', 'b']);
    expect(merged.map((r) => r.patient_request_id)).toEqual([null, null, 'pr-d', null]);
  });

  it('reads the accession number from tag 00080050 and lists the other items as "tag value"', () => {
    const row = studyRow('a', {
      custom_query_items: [
        { tag: '00200010', value: 'S1' },
        { tag: '00080050', value: 'ACC-1' },
      ],
    });
    expect(accessionNumber(row)).toBe('ACC-1');
    expect(otherQueryItems(row)).toEqual(['00200010 S1']);
    expect(accessionNumber(studyRow('b', { custom_query_items: [] }))).toBe('—');
    expect(studyDate(studyRow('c', { study_date: '2024-02-09' }))).toBe('Feb 09, 2024');
    expect(studyDate(studyRow('d', { study_date: null }))).toBe('—');
  });

  it('an answer after Stop or after a failure changes nothing; a failure without rows keeps those received', () => {
    let s = queryReducer(INITIAL_QUERY, {
      type: 'sources',
      identifiers: uniqueSources([source('x'), source('x'), source('y')]),
    });
    expect(s.sources?.map((q) => q.source.identifier)).toEqual(['x', 'y']);
    s = queryReducer(s, { type: 'answer', identifier: 'x', answer: pending([studyRow('r1')]) });
    s = queryReducer(s, { type: 'answer', identifier: 'x', answer: failed('Timed out') });
    expect(s.sources?.[0]).toMatchObject({
      status: { kind: 'failed', message: 'Timed out' },
      rows: [{ id: 'r1' }],
    });
    s = queryReducer(s, { type: 'answer', identifier: 'x', answer: ready([]) });
    expect(s.sources?.[0].status.kind).toBe('failed');
    expect(progressOf(s)).toEqual({ busy: true, answered: 1, total: 2 });
    s = queryReducer(s, { type: 'stop' });
    s = queryReducer(s, { type: 'answer', identifier: 'y', answer: ready([studyRow('r2')]) });
    expect(s.sources?.[1]).toMatchObject({ status: { kind: 'stopped' }, rows: [] });
    expect(progressOf(s)).toEqual({ busy: false, answered: 1, total: 2 });
  });
});
