import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import type { Binary } from '@medplum/fhirtypes';
import {
  BLOB_STORE,
  type BlobStore,
  type Caller,
  type FhirCaller,
  InjectContext,
  isUuid,
  requireScope,
  type UseCaseKit,
} from '@portal/server-kit';
import { auditFhir, FHIR_AUDIT } from '../fhir-audit';
import { resourceNotFound } from '../fhir.errors';
import { toBinary } from '../resources/document.mapper';
import { FhirResourceRepository } from '../resources/fhir-resource.repository';

export type BinaryAnswer = { resource: Binary } | { stream: Readable; contentType: string; fileName: string };

/**
 * GET /api/fhir/Binary/{id}: the bytes of one of the patient's documents (what a DiagnosticReport's
 * presentedForm or a DocumentReference's attachment points at), streamed with their own type; or, when
 * the app asks for FHIR JSON, a Binary resource carrying them in base64. Scope `r` on Binary. Audited.
 */
@Injectable()
export class ReadBinary {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly repository: FhirResourceRepository,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
  ) {}

  async execute(fhir: FhirCaller, id: string, asFhirJson: boolean, request: Caller): Promise<BinaryAnswer> {
    requireScope(fhir, 'Binary', 'r');
    const doc =
      isUuid(id) && isUuid(fhir.patientId)
        ? await this.repository.document(this.kit.db, fhir.patientId, id)
        : null;
    if (!doc) throw resourceNotFound('Binary', id);
    await auditFhir(this.kit, this.kit.db, request, fhir, FHIR_AUDIT.read, {
      resourceId: `Binary/${doc.id}`,
      reads: { Binary: 1 },
    });
    if (asFhirJson) return { resource: toBinary(doc, await this.blobs.read(doc.blob_key)) };
    return {
      stream: await this.blobs.readStream(doc.blob_key),
      contentType: doc.content_type,
      fileName: doc.file_name,
    };
  }
}
