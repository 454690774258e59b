import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PublishScanInput } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { FacilityRepository } from '../facility.repository';
import { FacilityStaff } from '../facility-staff';
import { ReportFiles } from '../report-files';
import { ScanMails } from '../scan-mails';
import { ScanRepository } from '../scan.repository';
import { patientRequestNotFound, scanInputInvalid, uploadKeyUsed } from '../whole-body-scans.errors';
import {
  type CheckedFile,
  flatFindings,
  planFindings,
  type ScanPlan,
  uploadKeysOf,
  writeScanPlan,
} from './scan-plan';

/** A unique violation (SQLSTATE 23505), bare from pg or wrapped by TypeORM. */
const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: unknown; driverError?: { code?: unknown } } | undefined;
  return (err?.driverError?.code ?? err?.code) === '23505';
};

/**
 * POST wholeBodyScanFacility: a facility's staff member publishes a scan for a patient of a request at
 * one of their whole-body-scan facilities (another facility's request: 404). Everything it names is
 * checked before anything is written: the finding types are the facility's, the prior scan and prior
 * findings the same patient's there, each key image a real stored instance of the request's studies,
 * each report file one this caller uploaded and of its kind by its bytes. Then one transaction writes
 * the scan, its findings tree, documents and follow-up tasks, and the audit row; the patient is mailed.
 */
@Injectable()
export class PublishScan {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly scans: ScanRepository,
    private readonly facilities: FacilityRepository,
    private readonly staff: FacilityStaff,
    private readonly files: ReportFiles,
    private readonly mails: ScanMails,
  ) {}

  async execute(
    callerId: string,
    input: PublishScanInput,
    caller: Caller,
    source: 'form' | 'fhir' = 'form',
  ): Promise<{ id: string }> {
    const db = this.kit.db;
    const facilities = await this.staff.facilitiesOf(db, callerId);
    const request = await this.facilities.requestAt(
      db,
      input.patientRequestId,
      facilities.map((f) => f.custodian_id),
    );
    if (!request) throw patientRequestNotFound();
    const patient = {
      userId: request.user_id,
      personId: request.person_id,
      custodianId: request.custodian_id,
    };
    const all = flatFindings(input.findings);

    const types = new Set((await this.facilities.findingTypes(db, [request.custodian_id])).map((t) => t.id));
    if (all.some((f) => !types.has(f.findingTypeId)))
      throw scanInputInvalid('findings', "A finding type is not one of this facility's");

    if (input.priorScanId && !(await this.scans.isPatientScanAt(db, input.priorScanId, patient)))
      throw scanInputInvalid(
        'priorScanId',
        "The prior scan is not one of this patient's scans at this facility",
      );
    const priorIds = [...new Set(all.map((f) => f.priorFindingId).filter((id): id is string => !!id))];
    if (priorIds.length) {
      const valid = input.priorScanId
        ? await this.scans.patientFindings(db, priorIds, { ...patient, priorScanId: input.priorScanId })
        : new Set<string>();
      if (priorIds.some((id) => !valid.has(id)))
        throw scanInputInvalid('findings', 'A prior finding must be a finding of the prior scan');
    }

    const keyImages = all.flatMap((f) => f.keyImages);
    const instances = await this.facilities.requestInstances(db, request, [
      ...new Set(keyImages.map((k) => k.sopInstanceUid)),
    ]);
    for (const k of keyImages) {
      const frames = instances.get(`${k.studyInstanceUid}|${k.seriesInstanceUid}|${k.sopInstanceUid}`);
      if (!frames || (k.frame ?? 1) > frames)
        throw scanInputInvalid(
          'findings',
          "A key image is not an instance of this patient's delivered studies",
        );
    }

    const uploads = uploadKeysOf(input.findings, input.videoReports);
    if (new Set(uploads.map((u) => u.key)).size !== uploads.length)
      throw scanInputInvalid('findings', 'The same uploaded file is named twice');
    if (
      (
        await this.scans.usedKeys(
          db,
          uploads.map((u) => u.key),
        )
      ).size
    )
      throw uploadKeyUsed();
    const files = new Map<string, CheckedFile>();
    for (const u of uploads) files.set(u.key, await this.files.check(callerId, u.key, u.kind, u.field));

    const scanId = randomUUID();
    const plan: ScanPlan = {
      scan: {
        id: scanId,
        ...patient,
        patientRequestId: request.id,
        scanDate: input.scanDate,
        firstName: request.first_name,
        lastName: request.last_name,
        patientSex: input.patientSex,
        priorScanId: input.priorScanId ?? null,
        publishedBy: callerId,
      },
      findings: planFindings(input.findings, input.scanDate, files, () => randomUUID()),
      videos: input.videoReports.map((v, i) => ({
        id: randomUUID(),
        kind: 'VIDEO_REPORT' as const,
        value: { file_name: v.fileName },
        file: files.get(v.uploadKey),
        position: i,
      })),
    };
    await this.store(plan, caller, { source });
    const facility = facilities.find((f) => f.custodian_id === request.custodian_id)!;
    await this.mails.scanPublished(db, request.user_id, {
      facility: facility.name,
      scanDate: input.scanDate,
    });
    return { id: scanId };
  }

  /** Writes a checked plan and its audit row in one transaction (the demo seed keeps its scans through it too). */
  async store(plan: ScanPlan, caller: Caller, detail: Record<string, unknown> = {}): Promise<void> {
    try {
      await this.kit.transaction(async (tx) => {
        await writeScanPlan(tx, this.scans, plan);
        await this.kit.audit.record(tx, caller, {
          action: 'records.wbs-scan-published',
          resourceType: 'whole_body_scan',
          resourceId: plan.scan.id,
          subjectId: plan.scan.userId,
          detail: {
            ...detail,
            custodianId: plan.scan.custodianId,
            findings: plan.findings.length,
            videos: plan.videos.length,
          },
        });
      });
    } catch (e) {
      // The same uploaded file published by a concurrent call: that scan holds it.
      if (isUniqueViolation(e)) throw uploadKeyUsed();
      throw e;
    }
  }
}
