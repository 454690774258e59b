import type { FacilityRow } from './facility.repository';
import type { FollowUpRow } from './follow-up.repository';
import type { FindingRow, ScanListRow, ScanRow } from './scan.repository';

/** Rows as the repositories answer them, for the unit specs of whole body scans. */
export const aScan = (over: Partial<ScanRow> = {}): ScanRow => ({
  id: 's1',
  user_id: 'u1',
  person_id: 'p1',
  custodian_id: 'c1',
  organization_name: 'St. Mary Imaging Center',
  patient_request_id: 'r1',
  scan_date: '2026-11-02',
  created: new Date('2026-11-03T10:00:00Z'),
  first_name: 'Pat',
  last_name: 'Jordan',
  patient_sex: 'FEMALE',
  prior_scan_id: null,
  prior_scan_date: null,
  ...over,
});

export const aListRow = (over: Partial<ScanListRow> = {}): ScanListRow => ({
  ...aScan(),
  findings_count: 3,
  top_rank: 2,
  ...over,
});

export const aFinding = (over: Partial<FindingRow> = {}): FindingRow => ({
  id: 'f1',
  scan_id: 's1',
  parent_id: null,
  position: 0,
  outcome: null,
  pathology_name: null,
  pathology_description: null,
  prior_finding_id: null,
  type_id: 't1',
  type_name: 'Heart',
  type_icon: 'favorite',
  type_wiki: 'The heart pumps blood.',
  type_body_parts: ['HEART'],
  key_images: 0,
  pdf_reports: 0,
  next_steps: 0,
  ...over,
});

export const aFacility = (over: Partial<FacilityRow> = {}): FacilityRow => ({
  custodian_id: 'c1',
  name: 'St. Mary Imaging Center',
  launcher_title: 'View on St. Mary',
  launcher_url: 'https://wbs.example',
  ...over,
});

export const aTask = (over: Partial<FollowUpRow> = {}): FollowUpRow => ({
  id: 't1',
  whole_body_scan_id: 's1',
  finding_id: 'f1',
  next_step_id: 'n1',
  title: 'See a cardiologist',
  subtitle: 'Within four weeks',
  due_date: '2026-12-01',
  done_at: null,
  result_document_id: null,
  result_file_name: null,
  result_request_id: null,
  ...over,
});
