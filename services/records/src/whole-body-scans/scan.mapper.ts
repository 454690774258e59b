import {
  CONSULTATION_STATUS_NAMES,
  type ConsultRequest,
  FINDING_OUTCOME_NAMES,
  FINDING_OUTCOMES,
  type Finding,
  type FindingChange,
  type FindingType,
  PATIENT_SEX_NAMES,
  type ScanBodyPart,
  type ScanPatient,
  type VideoMeetingSummary,
  type WholeBodyScanListItem,
} from '@portal/contracts';
import type { ConsultationRow, MeetingRow } from './consultation.repository';
import type { FindingTypeRow } from './facility.repository';
import type { FindingRow, ScanListRow, ScanRow } from './scan.repository';

/** The path of one participant's meeting link (the screen's route); the mail puts PUBLIC_URL before it. */
export const meetingLink = (meetingId: string, participantId: string): string =>
  `/videoMeeting/${meetingId}/${participantId}`;

export const scanPatient = (s: Pick<ScanRow, 'first_name' | 'last_name' | 'patient_sex'>): ScanPatient => ({
  first_name: s.first_name,
  last_name: s.last_name,
  patient_sex: { mnemonic: s.patient_sex, name: PATIENT_SEX_NAMES[s.patient_sex] ?? s.patient_sex },
});

export const toFindingType = (t: Omit<FindingTypeRow, 'custodian_id'>): FindingType => ({
  id: t.id,
  name: t.name,
  icon: t.icon,
  wiki: t.wiki,
  body_parts: t.body_parts.map((mnemonic) => ({ body_part: { mnemonic: mnemonic as ScanBodyPart } })),
});

export const toListItem = (r: ScanListRow): WholeBodyScanListItem => ({
  id: r.id,
  scan_date: r.scan_date,
  created: new Date(r.created).toISOString(),
  organization: { id: r.custodian_id, name: r.organization_name },
  patient: scanPatient(r),
  findings_count: r.findings_count,
  top_outcome: FINDING_OUTCOMES[r.top_rank] ?? 'NO_ADVERSE_FINDING',
});

const toFinding = (r: FindingRow, change: FindingChange | null, children: Finding[]): Finding => ({
  id: r.id,
  organization_whole_body_scan_finding_type: toFindingType({
    id: r.type_id,
    name: r.type_name,
    icon: r.type_icon,
    wiki: r.type_wiki,
    body_parts: r.type_body_parts,
  }),
  whole_body_scan_finding_outcome: r.outcome
    ? { mnemonic: r.outcome, name: FINDING_OUTCOME_NAMES[r.outcome] }
    : null,
  child_findings: children,
  pathology_finding: r.pathology_name
    ? { name: r.pathology_name, description: r.pathology_description ?? '' }
    : null,
  change,
  document_counts: {
    key_images: r.key_images,
    pdf_reports: r.pdf_reports,
    recommended_next_steps: r.next_steps,
  },
});

/**
 * The findings tree of a scan: children nested under their parent by position. Against a prior scan a
 * finding that carries one of its findings on is STABLE, any other NEW; the prior scan's findings that
 * nothing carries on are listed after the others as RESOLVED, flat and without documents (theirs are
 * the prior scan's). A first scan has no changes.
 */
export const findingsTree = (
  rows: FindingRow[],
  hasPrior: boolean,
  resolved: FindingRow[] = [],
): Finding[] => {
  const byParent = new Map<string | null, FindingRow[]>();
  for (const r of rows) byParent.set(r.parent_id, [...(byParent.get(r.parent_id) ?? []), r]);
  const build = (parentId: string | null): Finding[] =>
    (byParent.get(parentId) ?? [])
      .sort((a, b) => a.position - b.position)
      .map((r) => toFinding(r, hasPrior ? (r.prior_finding_id ? 'STABLE' : 'NEW') : null, build(r.id)));
  const gone = hasPrior
    ? resolved.map((r) => toFinding({ ...r, key_images: 0, pdf_reports: 0, next_steps: 0 }, 'RESOLVED', []))
    : [];
  return [...build(null), ...gone];
};

export const toMeetingSummary = (m: MeetingRow, participantId: string | null): VideoMeetingSummary => ({
  id: m.id,
  meeting_link: participantId ? meetingLink(m.id, participantId) : '',
  scheduled_start_time: new Date(m.scheduled_start).toISOString(),
  scheduled_end_time: new Date(m.scheduled_end).toISOString(),
  ended: m.ended_at !== null,
});

export const toConsultRequest = (
  c: ConsultationRow,
  patient: { first_name: string; last_name: string },
  meetings: MeetingRow[],
): ConsultRequest => ({
  id: c.id,
  status: { mnemonic: c.status, name: CONSULTATION_STATUS_NAMES[c.status] ?? c.status },
  patient,
  note: c.note,
  created: new Date(c.created).toISOString(),
  video_meetings: meetings
    .filter((m) => m.consultation_id === c.id)
    .map((m) => toMeetingSummary(m, m.patient_participant_id)),
});
