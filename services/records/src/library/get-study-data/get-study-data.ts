import { Injectable } from '@nestjs/common';
import type { PatientRequest } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { toPatientRequest } from '../patient-request.mapper';
import { LibraryRepository } from '../library.repository';

/** GET studyData: the caller's requests with their approved responses; every read of the library is audited. */
@Injectable()
export class GetStudyData {
  constructor(
    @InjectContext('records') private readonly kit: UseCaseKit,
    private readonly library: LibraryRepository,
  ) {}

  async execute(userId: string, caller: Caller, limit: number | null = null): Promise<PatientRequest[]> {
    const rows = await this.library.listWithStudies(this.kit.db, userId, limit);
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'records.read',
      resourceType: 'library',
      subjectId: userId,
    });
    return rows.map((r) => toPatientRequest(r));
  }
}
