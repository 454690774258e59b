import { Injectable } from '@nestjs/common';
import type { DocumentCounts } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { LibraryRepository } from '../library.repository';
import { patientRequestNotFound } from '../library.errors';

/** GET patientRequest/{id}/documents/counts: the studies and documents (by type) of one of the caller's requests (anyone else: 404); audited. */
@Injectable()
export class GetDocumentCounts {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly library: LibraryRepository,
  ) {}

  async execute(userId: string, patientRequestId: string, caller: Caller): Promise<DocumentCounts> {
    if (!(await this.library.findOwnedRequest(this.kit.db, patientRequestId, userId)))
      throw patientRequestNotFound();
    const { studies, byType } = await this.library.countResponses(this.kit.db, patientRequestId, userId);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.read',
      resourceType: 'patient-request',
      resourceId: patientRequestId,
      subjectId: userId,
      detail: { counts: true },
    });
    const documents = Object.values(byType).reduce((a, b) => a + b, 0);
    return { total: studies + documents, studies, byType };
  }
}
