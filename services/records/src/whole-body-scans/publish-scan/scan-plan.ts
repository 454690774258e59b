import { FOLLOW_UP_DEFAULT_DAYS, type FindingInput, type PatientSex } from '@portal/contracts';
import type { Tx } from '@portal/server-kit';
import type { ScanDocumentKind, ScanRepository } from '../scan.repository';

/** A report file checked and ready to keep: where it is and what it really is. */
export interface CheckedFile {
  blobKey: string;
  contentType: string;
  size: number;
}

export interface PlannedDocument {
  id: string;
  kind: ScanDocumentKind;
  value: Record<string, unknown>;
  file?: CheckedFile;
  position: number;
  /** A next step that is enabled becomes a follow-up task. */
  followUp?: { id: string; dueDate: string };
}

export interface PlannedFinding {
  id: string;
  parentId: string | null;
  findingTypeId: string;
  outcome: FindingInput['outcome'];
  pathology: { name: string; description: string } | null;
  priorFindingId: string | null;
  position: number;
  documents: PlannedDocument[];
}

export interface ScanPlan {
  scan: {
    id: string;
    userId: string;
    personId: string;
    custodianId: string;
    patientRequestId: string | null;
    scanDate: string;
    firstName: string;
    lastName: string;
    patientSex: PatientSex;
    priorScanId: string | null;
    publishedBy: string;
    created?: Date;
  };
  /** Parents before their children. */
  findings: PlannedFinding[];
  videos: PlannedDocument[];
}

/** A new id for a row of the plan; `name` is stable across runs (the demo seed makes stable ids from it). */
export type NewId = (name: string) => string;

/** YYYY-MM-DD plus days. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The rows of a scan's findings tree, in insertion order (parents first), each with its documents:
 * key images, PDF reports (their files checked already, by upload key) and next steps; an enabled next
 * step is a follow-up task due on its own date or FOLLOW_UP_DEFAULT_DAYS after the scan.
 */
export const planFindings = (
  findings: FindingInput[],
  scanDate: string,
  files: Map<string, CheckedFile>,
  newId: NewId,
  parentId: string | null = null,
  path = 'f',
): PlannedFinding[] =>
  findings.flatMap((f, position) => {
    const at = `${path}${position}`;
    const id = newId(at);
    const docs: PlannedDocument[] = [
      ...f.keyImages.map((k, i) => ({
        id: newId(`${at}:key-image:${i}`),
        kind: 'KEY_IMAGE' as const,
        value: {
          study_instance_uid: k.studyInstanceUid,
          series_instance_uid: k.seriesInstanceUid,
          sop_instance_uid: k.sopInstanceUid,
          frame: k.frame ?? 1,
          caption: k.caption ?? '',
        },
        position: i,
      })),
      ...f.pdfReports.map((p, i) => ({
        id: newId(`${at}:pdf:${i}`),
        kind: 'PDF_REPORT' as const,
        value: { file_name: p.fileName },
        file: files.get(p.uploadKey),
        position: i,
      })),
      ...f.nextSteps.map((s, i) => ({
        id: newId(`${at}:next-step:${i}`),
        kind: 'NEXT_STEP' as const,
        value: {
          title: s.title,
          subtitle: s.subtitle ?? '',
          content: s.content ?? '',
          enable: s.enable !== false,
          due_date: s.dueDate ?? null,
        },
        position: i,
        followUp:
          s.enable !== false
            ? {
                id: newId(`${at}:follow-up:${i}`),
                dueDate: s.dueDate ?? addDays(scanDate, FOLLOW_UP_DEFAULT_DAYS),
              }
            : undefined,
      })),
    ];
    return [
      {
        id,
        parentId,
        findingTypeId: f.findingTypeId,
        outcome: f.outcome,
        pathology: f.pathology ?? null,
        priorFindingId: f.priorFindingId ?? null,
        position,
        documents: docs,
      },
      ...planFindings(f.children ?? [], scanDate, files, newId, id, `${at}.`),
    ];
  });

/** Writes a planned scan, its findings, documents and follow-ups inside the caller's transaction. */
export const writeScanPlan = async (tx: Tx, scans: ScanRepository, plan: ScanPlan): Promise<void> => {
  const scanId = plan.scan.id;
  await scans.insertScan(tx, plan.scan);
  const writeDocument = async (findingId: string | null, d: PlannedDocument) => {
    await scans.insertDocument(tx, {
      id: d.id,
      scanId,
      findingId,
      kind: d.kind,
      value: d.value,
      blobKey: d.file?.blobKey ?? null,
      contentType: d.file?.contentType ?? null,
      size: d.file?.size ?? null,
      position: d.position,
    });
    if (d.followUp)
      await scans.insertFollowUp(tx, {
        id: d.followUp.id,
        nextStepId: d.id,
        userId: plan.scan.userId,
        dueDate: d.followUp.dueDate,
      });
  };
  for (const f of plan.findings) {
    await scans.insertFinding(tx, { ...f, scanId });
    for (const d of f.documents) await writeDocument(f.id, d);
  }
  for (const v of plan.videos) await writeDocument(null, v);
};

/** Every upload key a publish names, with the field it came from. */
export const uploadKeysOf = (
  findings: FindingInput[],
  videos: Array<{ uploadKey: string }>,
): Array<{ key: string; field: string; kind: 'PDF_REPORT' | 'VIDEO_REPORT' }> => {
  const out: Array<{ key: string; field: string; kind: 'PDF_REPORT' | 'VIDEO_REPORT' }> = [];
  const walk = (list: FindingInput[], path: string) =>
    list.forEach((f, i) => {
      f.pdfReports.forEach((p, j) =>
        out.push({ key: p.uploadKey, field: `${path}[${i}].pdfReports[${j}].uploadKey`, kind: 'PDF_REPORT' }),
      );
      walk(f.children ?? [], `${path}[${i}].children`);
    });
  walk(findings, 'findings');
  videos.forEach((v, i) =>
    out.push({ key: v.uploadKey, field: `videoReports[${i}].uploadKey`, kind: 'VIDEO_REPORT' }),
  );
  return out;
};

/** Every finding of a tree, flat. */
export const flatFindings = (findings: FindingInput[]): FindingInput[] =>
  findings.flatMap((f) => [f, ...flatFindings(f.children ?? [])]);
