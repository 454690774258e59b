import { Inject, Injectable } from '@nestjs/common';
import type { Resource } from '@medplum/fhirtypes';
import { FHIR_RESOURCE_TYPES, type FhirResourceType } from '@portal/contracts';
import { CONFIG, isUuid, type PortalConfig, type Queryable } from '@portal/server-kit';
import { originOf } from '../fhir-http';
import { inDateBound, type Paging, type SearchCriteria } from '../search/search-params';
import { toAuditEvent } from './audit-event.mapper';
import { toDiagnosticReport, toDocumentReference } from './document.mapper';
import { FhirResourceRepository, type ResourceRow } from './fhir-resource.repository';
import { dicomWebEndpoint, DICOMWEB_ENDPOINT_ID, toImagingStudy } from './imaging-study.mapper';
import { toConsent, toPatient, toRelatedPerson } from './people.mapper';
import type {
  AuditRow,
  ConsentRow,
  DocumentRow,
  InstanceRow,
  PatientRow,
  RelatedPersonRow,
  StudyRow,
} from './resource-rows';
import { RESOURCE_TABLES } from './resource-tables';

/** The types a search, $everything or $export can list (Binary is read by id, from a document's attachment). */
export const SEARCHABLE_TYPES = FHIR_RESOURCE_TYPES.filter((t) => t !== 'Binary');
export type SearchableType = Exclude<FhirResourceType, 'Binary'>;

/** Each table's rows made into its resources (the rows are what its ResourceTable selects). */
const MAPPERS: Partial<Record<FhirResourceType, (r: ResourceRow) => Resource>> = {
  Patient: (r) => toPatient(r as unknown as PatientRow),
  RelatedPerson: (r) => toRelatedPerson(r as unknown as RelatedPersonRow),
  DiagnosticReport: (r) => toDiagnosticReport(r as unknown as DocumentRow),
  DocumentReference: (r) => toDocumentReference(r as unknown as DocumentRow),
  Consent: (r) => toConsent(r as unknown as ConsentRow),
  AuditEvent: (r) => toAuditEvent(r as unknown as AuditRow),
};

export const isFhirResourceType = (type: string): type is FhirResourceType =>
  (FHIR_RESOURCE_TYPES as readonly string[]).includes(type);

/**
 * The patient's record as FHIR resources, type by type: rows from records' own tables (one query a
 * page; an ImagingStudy page's series and instances in one more) made into resources by the mappers.
 * The patient in context is part of every query, so nothing of anyone else can come back. Endpoint is
 * the portal's own DICOMweb, the same for every patient.
 */
@Injectable()
export class FhirResources {
  private readonly endpoint: Resource;

  constructor(
    private readonly repository: FhirResourceRepository,
    @Inject(CONFIG) config: Pick<PortalConfig, 'publicUrl'>,
  ) {
    this.endpoint = dicomWebEndpoint(originOf(config));
  }

  async search(
    db: Queryable,
    type: SearchableType,
    patientId: string,
    criteria: SearchCriteria,
    paging: Paging,
  ): Promise<{ resources: Resource[]; total: number }> {
    if (type === 'Endpoint') {
      const matches = this.endpointMatches(criteria) ? [this.endpoint] : [];
      return { resources: matches.slice(paging.offset, paging.offset + paging.count), total: matches.length };
    }
    if (!isUuid(patientId)) return { resources: [], total: 0 };
    const { rows, total } = await this.repository.page(
      db,
      RESOURCE_TABLES[type]!,
      patientId,
      criteria,
      paging,
    );
    return { resources: await this.toResources(db, type, patientId, rows), total };
  }

  async count(
    db: Queryable,
    type: SearchableType,
    patientId: string,
    criteria: SearchCriteria,
  ): Promise<number> {
    if (type === 'Endpoint') return this.endpointMatches(criteria) ? 1 : 0;
    if (!isUuid(patientId)) return 0;
    return this.repository.count(db, RESOURCE_TABLES[type]!, patientId, criteria);
  }

  async read(db: Queryable, type: SearchableType, patientId: string, id: string): Promise<Resource | null> {
    if (type === 'Endpoint') return id === DICOMWEB_ENDPOINT_ID ? this.endpoint : null;
    if (!isUuid(patientId)) return null;
    const row = await this.repository.one(db, RESOURCE_TABLES[type]!, patientId, id);
    return row ? (await this.toResources(db, type, patientId, [row]))[0] : null;
  }

  /** Every matching resource of a type, page by page in keyset order: an export never holds them all. */
  async *pages(
    db: Queryable,
    type: SearchableType,
    patientId: string,
    criteria: SearchCriteria,
    pageSize: number,
  ): AsyncGenerator<Resource[]> {
    if (type === 'Endpoint') {
      if (this.endpointMatches(criteria)) yield [this.endpoint];
      return;
    }
    if (!isUuid(patientId)) return;
    let after: string[] | null = null;
    do {
      const page = await this.repository.keysetPage(
        db,
        RESOURCE_TABLES[type]!,
        patientId,
        criteria,
        after,
        pageSize,
      );
      if (page.rows.length) yield await this.toResources(db, type, patientId, page.rows);
      after = page.rows.length < pageSize ? null : page.last;
    } while (after);
  }

  /** Rows made into resources; a page of studies brings its instances in one more query. */
  private async toResources(
    db: Queryable,
    type: SearchableType,
    patientId: string,
    rows: ResourceRow[],
  ): Promise<Resource[]> {
    if (type !== 'ImagingStudy') return rows.map(MAPPERS[type]!);
    const studies = rows as unknown as StudyRow[];
    const instances = await this.repository.instancesOf(
      db,
      patientId,
      studies.map((r) => r.study_instance_uid),
    );
    const byStudy = new Map<string, InstanceRow[]>();
    for (const i of instances) {
      const list = byStudy.get(i.study_instance_uid);
      if (list) list.push(i);
      else byStudy.set(i.study_instance_uid, [i]);
    }
    return studies.map((r) => toImagingStudy(r, byStudy.get(r.study_instance_uid) ?? []));
  }

  private endpointMatches(c: SearchCriteria): boolean {
    const lastUpdated = new Date(this.endpoint.meta!.lastUpdated!);
    return (
      c.lastUpdated.every((b) => inDateBound(lastUpdated, b)) &&
      (!c.ids || c.ids.includes(DICOMWEB_ENDPOINT_ID)) &&
      (!c.status || c.status.includes('active')) &&
      (!c.since || lastUpdated > c.since)
    );
  }
}
