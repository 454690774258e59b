/** What the whole-body-scan screens show, worked out from the contracts' shapes (no drawing here). */
import {
  DIAGRAM_BODY_PARTS,
  FINDING_OUTCOME_NAMES,
  FINDING_OUTCOME_TONE,
  KEY_IMAGE_MIN_ZOOM,
  KEY_IMAGE_ZOOM_STEP,
  PATHS,
  outcomeOf,
  type DiagramBodyPart,
  type Finding,
  type FindingOutcome,
  type FindingTone,
  type PatientPlusLauncher,
  type PatientSex,
  type RouteTableName,
  type WholeBodyScanListItem,
} from '@portal/contracts';

// ---- where the screens are ----

/** The scans list of a route table. */
export const scansListPath = (table: RouteTableName): string =>
  table === 'legacy' ? PATHS.legacy.wholeBodyScans : PATHS.new.wholeBodyScans;

/** A scan's report (the overview). */
export const scanReportPath = (table: RouteTableName, scanId: string): string =>
  table === 'legacy'
    ? `${PATHS.legacy.wholeBodyScanDetails}?id=${encodeURIComponent(scanId)}`
    : `${PATHS.new.wholeBodyScan}/${encodeURIComponent(scanId)}`;

/** A scan's details (the full clinical view). */
export const scanDetailsPath = (table: RouteTableName, scanId: string): string =>
  table === 'legacy'
    ? `${PATHS.legacy.wholeBodyScanDetails}?id=${encodeURIComponent(scanId)}&view=details`
    : `${PATHS.new.wholeBodyScan}/${encodeURIComponent(scanId)}/details`;

// ---- the list ----

export interface FacilityScans {
  organizationId: string;
  name: string;
  scans: WholeBodyScanListItem[];
  launchers: PatientPlusLauncher[];
}

/** Scans grouped by facility (records spec §2.3), in the order of each facility's newest scan; each with its launchers. */
export const groupByFacility = (
  scans: WholeBodyScanListItem[],
  launchers: PatientPlusLauncher[] = [],
): FacilityScans[] => {
  const groups = new Map<string, FacilityScans>();
  const newestFirst = [...scans].sort((a, b) => b.scan_date.localeCompare(a.scan_date));
  for (const scan of newestFirst) {
    const id = scan.organization.id;
    let group = groups.get(id);
    if (!group) {
      group = {
        organizationId: id,
        name: scan.organization.name,
        scans: [],
        launchers: launchers.filter((l) => l.organization_id === id),
      };
      groups.set(id, group);
    }
    group.scans.push(scan);
  }
  return [...groups.values()];
};

// ---- findings ----

/** A finding's outcome: its own, NO_ADVERSE_FINDING when none (records spec §4). */
export const outcomeNameOf = (finding: Finding): string =>
  finding.whole_body_scan_finding_outcome?.name || FINDING_OUTCOME_NAMES[outcomeOf(finding)];

export const toneOf = (outcome: FindingOutcome): FindingTone => FINDING_OUTCOME_TONE[outcome];

export const findingName = (finding: Finding): string =>
  finding.organization_whole_body_scan_finding_type.name;

/** Every finding of a tree, parents before their children. */
export const flattenFindings = (findings: Finding[]): Finding[] =>
  findings.flatMap((f) => [f, ...flattenFindings(f.child_findings ?? [])]);

export const findFinding = (findings: Finding[], id: string | null): Finding | null =>
  id === null ? null : (flattenFindings(findings).find((f) => f.id === id) ?? null);

/** The organs the body diagram has a picture of among a finding's body parts (records spec §4). */
export const diagramOrgansOf = (finding: Finding | null, sex: PatientSex | undefined): DiagramBodyPart[] => {
  if (!finding) return [];
  const parts = finding.organization_whole_body_scan_finding_type.body_parts.map((p) => p.body_part.mnemonic);
  return DIAGRAM_BODY_PARTS.filter(
    (organ) => parts.includes(organ) && !(organ === 'UTERUS' && sex === 'MALE'),
  );
};

/** The diagram is drawn for MALE, or for anyone else (records spec §4). */
export const diagramFigureOf = (sex: PatientSex | undefined): 'male' | 'other' =>
  sex === 'MALE' ? 'male' : 'other';

export const ORGAN_NAMES: Record<DiagramBodyPart, string> = {
  BRAIN: 'Brain',
  HEART: 'Heart',
  INTESTINES: 'Intestines',
  KIDNEYS: 'Kidneys',
  LIVER: 'Liver',
  LUNGS: 'Lungs',
  STOMACH: 'Stomach',
  UTERUS: 'Uterus',
};

/** Wiki text as paragraphs (split by blank lines). */
export const paragraphsOf = (text: string): string[] =>
  text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);

// ---- key images ----

/** How far in the viewer goes (our own bound: about ten steps of 1.2). */
export const KEY_IMAGE_MAX_ZOOM = 6.2;
/** One step in: ×1.2 (records spec §4, §9). */
export const zoomIn = (zoom: number): number => Math.min(KEY_IMAGE_MAX_ZOOM, zoom * KEY_IMAGE_ZOOM_STEP);
export const canZoomIn = (zoom: number): boolean => zoom * KEY_IMAGE_ZOOM_STEP <= KEY_IMAGE_MAX_ZOOM;
/** One step out: ÷1.2, never below 1. */
export const zoomOut = (zoom: number): number => Math.max(KEY_IMAGE_MIN_ZOOM, zoom / KEY_IMAGE_ZOOM_STEP);
export const canZoomOut = (zoom: number): boolean => zoom > KEY_IMAGE_MIN_ZOOM + 1e-9;

// ---- dates ----

const dateOf = (value: string): Date =>
  new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00` : value);

/** MMM DD, YYYY (records spec §9) of a YYYY-MM-DD or ISO date; '' without one. */
export const scanDate = (value: string | null | undefined): string => {
  if (!value) return '';
  const d = dateOf(value);
  return Number.isNaN(d.getTime())
    ? ''
    : d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
};

/** A meeting's time in the user's own locale and time zone. */
export const localDateTime = (iso: string): string => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
};

/** The YYYY-MM-DD of today in the user's time zone. */
export const todayIso = (now = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** A follow-up not done whose due date has passed. */
export const isOverdue = (task: { due_date: string; done_at: string | null }, today = todayIso()): boolean =>
  !task.done_at && task.due_date.slice(0, 10) < today;

/**
 * A meeting link as a path of the portal when it is one (the video meeting page is drawn by this
 * remote), otherwise null (another site: a plain link).
 */
export const inAppPath = (link: string, origin = window.location.origin): string | null => {
  try {
    const url = new URL(link, origin);
    return url.origin === origin ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
};
