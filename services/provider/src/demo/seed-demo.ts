import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DOC_REQUEST_TYPE_NAMES, type DocRequestType } from '@portal/contracts';
import {
  BLOB_STORE,
  type BlobStore,
  type Caller,
  CONFIG,
  DEMO_INBOX_REQUESTS,
  DEMO_STAFF,
  demoId,
  demoPatientRequestId,
  demoUserId,
  InjectContext,
  logger,
  type PortalConfig,
  SYSTEM_CALLER,
  uploadKey,
  type UseCaseKit,
} from '@portal/server-kit';
import { DataRequestRepository, type StoredDataRequest } from '../data-requests/data-request.repository';
import { GetDataRequest } from '../data-requests/get-data-request/get-data-request';
import { MarkUploaded } from '../data-requests/mark-uploaded/mark-uploaded';
import { uploadPrefix } from '../data-requests/staff-request';
import { AddDocuments } from '../documents/add-documents/add-documents';
import { DocumentRepository } from '../documents/document.repository';
import { RejectDocumentRequest } from '../document-requests/reject-document-request/reject-document-request';
import { AssignStaff } from '../staff/assign-staff/assign-staff';
import { demoDicomFile, demoReportPdf } from './demo-files';

type DemoInbox = (typeof DEMO_INBOX_REQUESTS)[number];
const DEMO_BY_ID = new Map<string, DemoInbox>(
  DEMO_INBOX_REQUESTS.map((r) => [demoPatientRequestId(r.key), r]),
);
const staffOf = (custodian: string): string | null => {
  const staff = DEMO_STAFF.find((s) => s.custodian === custodian);
  return staff ? demoUserId(staff.email) : null;
};

/**
 * The demo provider side: provider@example.com works for St. Mary Imaging Center and
 * provider2@example.com for Lakeside Radiology; each demo inbox request is brought to its state
 * through the context's own use cases once it is in the inbox (at bootstrap for those already
 * there, right after the inbox receives one otherwise). Applying a state twice changes nothing.
 */
@Injectable()
export class ProviderDemoSeed implements OnApplicationBootstrap {
  private staffAssigned!: () => void;
  /**
   * One demo request at a time, so bootstrap and the consumer never apply the same state twice; none
   * before bootstrap has assigned the staff (the inbox may receive a request first), since no staff
   * member could open it yet.
   */
  private chain = new Promise<void>((resolve) => (this.staffAssigned = resolve));

  constructor(
    @Inject(CONFIG) private readonly config: Pick<PortalConfig, 'seedDemo'>,
    @InjectContext('provider') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly assignStaff: AssignStaff,
    private readonly dataRequests: DataRequestRepository,
    private readonly documents: DocumentRepository,
    private readonly getDataRequest: GetDataRequest,
    private readonly addDocuments: AddDocuments,
    private readonly reject: RejectDocumentRequest,
    private readonly markUploaded: MarkUploaded,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.seedDemo) return;
    for (const s of DEMO_STAFF)
      await this.assignStaff.execute(demoUserId(s.email), demoId(`custodian:${s.custodian}`), SYSTEM_CALLER);
    this.staffAssigned();
    for (const id of DEMO_BY_ID.keys()) await this.enqueue(id);
  }

  /** Called by the inbox consumer inside its transaction: the state is applied once that has committed. */
  afterReceived(patientRequestId: string): void {
    if (!this.config.seedDemo || !DEMO_BY_ID.has(patientRequestId)) return;
    setImmediate(() => void this.enqueue(patientRequestId, 20));
  }

  private enqueue(id: string, attempts = 1): Promise<void> {
    this.chain = this.chain
      .then(() => this.applyWhenThere(id, attempts))
      .catch((err: unknown) => logger.warn({ err, id }, 'demo inbox state not applied'));
    return this.chain;
  }

  /** The consumer's transaction commits right after it hands the id over: look a few times. */
  private async applyWhenThere(id: string, attempts: number): Promise<void> {
    for (let i = 0; i < attempts; i++) {
      const request = await this.dataRequests.findById(this.kit.db, id);
      if (request) return this.apply(DEMO_BY_ID.get(id)!, request);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  private async apply(demo: DemoInbox, request: StoredDataRequest): Promise<void> {
    const staff = staffOf(demo.custodian);
    if (!staff || demo.state === 'new') return;
    const caller: Caller = { userId: staff, ip: null, requestId: null };
    if (!request.seen_at) await this.getDataRequest.execute(staff, request.id, caller);
    if (demo.state === 'seen' || request.uploaded_at) return;
    if (demo.state === 'rejected') {
      const reports = request.document_requests.find((d) => d.type === 'REPORTS');
      if (reports && !reports.rejection)
        await this.reject.execute(
          staff,
          {
            patientRequestId: request.id,
            documentRequestId: reports.id,
            nrrType: 'OTHER',
            otherReason: 'No visits at this facility for the dates requested',
          },
          caller,
        );
      return;
    }
    await this.upload(staff, request, 'REPORTS', caller, async () => ({
      name: 'radiology-report.pdf',
      bytes: await demoReportPdf('Radiology report', [
        `Patient: ${request.patient_first_name} ${request.patient_last_name}`,
        `Facility: ${request.custodian_name}`,
        'Findings: no acute abnormality.',
      ]),
    }));
    if (demo.state === 'submitted') {
      await this.upload(staff, request, 'IMAGES', caller, async () => demoDicomFile());
      await this.markUploaded.execute(staff, request.id, caller);
    }
  }

  /** A file on the document request of a type, through the same checks as a browser's upload; skipped when it has one. */
  private async upload(
    staff: string,
    request: StoredDataRequest,
    type: DocRequestType,
    caller: Caller,
    file: () => Promise<{ name: string; bytes: Buffer }>,
  ): Promise<void> {
    const documentRequest = request.document_requests.find((d) => d.type === type);
    if (!documentRequest) return;
    if ((await this.documents.listForDocumentRequest(this.kit.db, request.id, documentRequest.id)).length)
      return;
    const { name, bytes } = await file();
    const key = uploadKey(uploadPrefix(request.id, documentRequest.id));
    await this.blobs.write(key, bytes, type === 'REPORTS' ? 'application/pdf' : 'application/dicom');
    const result = await this.addDocuments.execute(
      staff,
      {
        patientRequestId: request.id,
        documentRequestId: documentRequest.id,
        uploadedDocuments: [{ key, file_name: name, path: name }],
      },
      caller,
    );
    if (result.refused.length)
      logger.warn({ refused: result.refused, type: DOC_REQUEST_TYPE_NAMES[type] }, 'demo file refused');
  }
}
