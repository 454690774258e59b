import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { RecordType } from '@portal/contracts';
import {
  BLOB_STORE,
  type BlobStore,
  CONFIG,
  DEMO_USERS,
  demoId,
  demoPersonId,
  demoUserId,
  InjectContext,
  logger,
  type PortalConfig,
  SYSTEM_CALLER,
  type UseCaseKit,
} from '@portal/server-kit';
import { ManualUpload } from '../uploads/manual-upload/manual-upload';
import { selfUploadPrefix, SelfUploadRepository } from '../uploads/upload.repository';
import { RecordsDemoRepository } from './demo.repository';
import { bloodTestPdf, kneeXrayReportPdf, mriBrainReportPdf } from './demo-files';

const PATIENT = 'patient@example.com';

/** The demo patient's self uploads: a PDF each, kept through the upload use case's own transaction. */
const SELF_UPLOADS: Array<{
  key: string;
  recordName: string;
  examDate: string;
  fileName: string;
  recordType: RecordType;
  bytes: () => Promise<Buffer>;
}> = [
  {
    key: 'blood-test',
    recordName: 'Blood test results',
    examDate: '2025-03-01',
    fileName: 'blood-test-results.pdf',
    recordType: 'REPORTS',
    bytes: bloodTestPdf,
  },
  {
    key: 'knee-xray',
    recordName: 'Knee X-ray report',
    examDate: '2025-06-01',
    fileName: 'knee-xray-report.pdf',
    recordType: 'REPORTS',
    bytes: kneeXrayReportPdf,
  },
];

/**
 * The demo patient's library beyond the DICOM studies imaging seeds: the radiologist's report of the
 * completed request (so the Report tab and the enhanced report have something real) and two self
 * uploads. Idempotent: a report already on the request and uploads already kept are left alone.
 */
@Injectable()
export class RecordsDemoSeed implements OnApplicationBootstrap {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'seedDemo'>,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly demo: RecordsDemoRepository,
    private readonly uploads: SelfUploadRepository,
    private readonly manualUpload: ManualUpload,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    const userId = demoUserId(PATIENT);
    // Another process seeding at the same moment wins the insert; this one carries on.
    await this.seedReport(userId).catch((err: unknown) =>
      logger.warn({ err: String(err) }, 'demo radiology report not seeded'),
    );
    await this.seedSelfUploads(userId).catch((err: unknown) =>
      logger.warn({ err: String(err) }, 'demo self uploads not seeded'),
    );
  }

  private async seedReport(userId: string): Promise<void> {
    const patientRequestId = demoId('patient-request:completed-ct');
    if (await this.demo.hasReport(this.kit.db, patientRequestId)) return;
    const bytes = await mriBrainReportPdf();
    const key = `records/demo/${userId}/mri-brain-report.pdf`;
    await this.blobs.write(key, bytes, 'application/pdf');
    await this.demo.insertReport(this.kit.db, {
      id: demoId('records-document:completed-ct-report'),
      userId,
      patientRequestId,
      fileName: 'MRI brain report.pdf',
      key,
      size: bytes.length,
      createdAt: new Date(),
    });
    logger.info('demo radiology report seeded');
  }

  private async seedSelfUploads(userId: string): Promise<void> {
    const holder = DEMO_USERS.find((u) => u.email === PATIENT)!;
    for (const u of SELF_UPLOADS) {
      const patientRequestId = demoId(`records-self-upload:${u.key}`);
      if (await this.uploads.requestExists(this.kit.db, patientRequestId)) continue;
      const bytes = await u.bytes();
      const key = `${selfUploadPrefix(userId)}/demo-${u.key}`;
      await this.blobs.write(key, bytes, 'application/pdf');
      const document = {
        id: demoId(`records-self-upload-document:${u.key}`),
        fileName: u.fileName,
        contentType: 'application/pdf',
        size: bytes.length,
      };
      await this.manualUpload.store(
        {
          patientRequestId,
          userId,
          personId: demoPersonId(PATIENT),
          firstName: holder.firstName,
          lastName: holder.lastName,
          recordType: u.recordType,
          recordName: u.recordName,
          examDate: u.examDate,
          createdAt: new Date(),
          key,
          document,
        },
        null,
        SYSTEM_CALLER,
        {
          documentId: document.id,
          key,
          fileName: u.fileName,
          contentType: 'application/pdf',
          size: bytes.length,
        },
      );
    }
  }
}
