import { findingsTree, toListItem } from './scan.mapper';
import { aFinding, aListRow } from './test-fixtures';

describe('findingsTree', () => {
  const rows = [
    aFinding({ id: 'b', position: 1, prior_finding_id: 'old-b', outcome: 'MAJOR_FINDING' }),
    aFinding({ id: 'a', position: 0 }),
    aFinding({ id: 'b2', parent_id: 'b', position: 1 }),
    aFinding({
      id: 'b1',
      parent_id: 'b',
      position: 0,
      pathology_name: 'Calcium',
      pathology_description: null,
    }),
  ];

  it('nests children under their parent by position, outcome null when none', () => {
    const tree = findingsTree(rows, false);
    expect(tree.map((f) => f.id)).toEqual(['a', 'b']);
    expect(tree[1].child_findings.map((f) => f.id)).toEqual(['b1', 'b2']);
    expect(tree[0].whole_body_scan_finding_outcome).toBeNull();
    expect(tree[1].whole_body_scan_finding_outcome).toEqual({
      mnemonic: 'MAJOR_FINDING',
      name: 'Major finding',
    });
    expect(tree[1].child_findings[0].pathology_finding).toEqual({ name: 'Calcium', description: '' });
    expect(tree[0].organization_whole_body_scan_finding_type.body_parts).toEqual([
      { body_part: { mnemonic: 'HEART' } },
    ]);
  });

  it('has no changes on a first scan; against a prior: STABLE when carried on, NEW else, RESOLVED listed after', () => {
    expect(findingsTree(rows, false, [aFinding({ id: 'gone' })]).map((f) => f.change)).toEqual([null, null]);
    const tree = findingsTree(rows, true, [aFinding({ id: 'gone', key_images: 3 })]);
    expect(tree.map((f) => [f.id, f.change])).toEqual([
      ['a', 'NEW'],
      ['b', 'STABLE'],
      ['gone', 'RESOLVED'],
    ]);
    expect(tree[2].document_counts).toEqual({ key_images: 0, pdf_reports: 0, recommended_next_steps: 0 });
  });
});

describe('toListItem', () => {
  it('names the most serious outcome by its rank', () => {
    expect(toListItem(aListRow({ top_rank: 3 })).top_outcome).toBe('MAJOR_FINDING');
    expect(toListItem(aListRow({ top_rank: 0 })).top_outcome).toBe('NO_ADVERSE_FINDING');
    expect(toListItem(aListRow()).patient).toEqual({
      first_name: 'Pat',
      last_name: 'Jordan',
      patient_sex: { mnemonic: 'FEMALE', name: 'Female' },
    });
  });
});
