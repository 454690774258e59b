import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { FindingInput, PublishScanInput } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { ValidationError } from 'yup';
import { FacilityRepository } from '../facility.repository';
import { FacilityStaff } from '../facility-staff';
import { PublishScan } from '../publish-scan/publish-scan';
import { publishScanSchema } from '@portal/contracts';
import { ReportFiles, reportUploadPrefix } from '../report-files';
import { fhirInvalid, patientRequestNotFound } from '../whole-body-scans.errors';
import { diagnosticReportSchema, FhirMappingError, mapDiagnosticReport } from './fhir-diagnostic-report';

const validationErrors = (err: ValidationError): Record<string, string> =>
  Object.fromEntries((err.inner.length ? err.inner : [err]).map((e) => [e.path ?? '', e.message]));

/**
 * POST wholeBodyScanFacility/import: a facility's system posts a FHIR R4 DiagnosticReport (the subset
 * fhir-diagnostic-report.ts describes). It is validated as FHIR, then read as a scan: its subject's
 * request must be at one of the caller's facilities, its findings must name the facility's finding
 * types, its PDFs must be PDFs by their bytes; then it is published by the same use case as the form
 * (the same checks, one transaction). Anything refused is a 400 and nothing is kept.
 */
@Injectable()
export class ImportFhirReport {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly staff: FacilityStaff,
    private readonly facilities: FacilityRepository,
    private readonly files: ReportFiles,
    private readonly publishScan: PublishScan,
  ) {}

  async execute(callerId: string, body: unknown, caller: Caller): Promise<{ id: string }> {
    const custodianIds = await this.staff.custodianIdsOf(this.kit.db, callerId);
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw fhirInvalid('the body must be a FHIR resource (a JSON object)');
    const report = await diagnosticReportSchema
      .validate(body, { strict: true, abortEarly: false })
      .catch((err: unknown) => {
        if (err instanceof ValidationError) throw fhirInvalid(err.errors[0], validationErrors(err));
        throw err;
      });
    let mapped: ReturnType<typeof mapDiagnosticReport>;
    try {
      mapped = mapDiagnosticReport(report);
    } catch (err) {
      if (err instanceof FhirMappingError) throw fhirInvalid(err.message, { [err.field]: err.message });
      throw err;
    }
    const request = await this.facilities.requestAt(this.kit.db, mapped.patientRequestId, custodianIds);
    if (!request) throw patientRequestNotFound();
    const types = new Map(
      (await this.facilities.findingTypes(this.kit.db, [request.custodian_id])).map((t) => [
        t.name.toLowerCase(),
        t.id,
      ]),
    );
    const resolve = (list: FindingInput[]): FindingInput[] =>
      list.map((f) => {
        const id = types.get(f.findingTypeId.toLowerCase());
        if (!id) throw fhirInvalid(`no finding type of the facility is named ${f.findingTypeId}`);
        return { ...f, findingTypeId: id, children: resolve(f.children) };
      });
    const findings = resolve(mapped.findings);
    const keys = mapped.pdfs.map(() => `${reportUploadPrefix(callerId)}/${randomUUID()}`);
    // A report-level PDF belongs to no one finding: it is filed with the first.
    findings[0] = {
      ...findings[0],
      pdfReports: mapped.pdfs.map((p, i) => ({ uploadKey: keys[i], fileName: p.fileName })),
    };
    const input = await publishScanSchema
      .validate(
        {
          patientRequestId: mapped.patientRequestId,
          scanDate: mapped.scanDate,
          patientSex: mapped.patientSex,
          priorScanId: null,
          findings,
          videoReports: [],
        },
        { abortEarly: false },
      )
      .catch((err: unknown) => {
        if (err instanceof ValidationError) throw fhirInvalid(err.errors[0], validationErrors(err));
        throw err;
      });
    try {
      for (const [i, p] of mapped.pdfs.entries())
        await this.files.keep(callerId, keys[i], p.bytes, 'application/pdf');
      return await this.publishScan.execute(callerId, input as PublishScanInput, caller, 'fhir');
    } catch (err) {
      await Promise.all(keys.map((k) => this.files.remove(k)));
      throw err;
    }
  }
}
