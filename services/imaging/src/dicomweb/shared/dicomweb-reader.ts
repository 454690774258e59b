import { Injectable } from '@nestjs/common';
import { type AccessDecision, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { type ImagingReader, type ReaderScope, StudyAccess } from '../../studies/study-access/study-access';

/** StudyAccess for DICOMweb's use cases: what a reader searches, whose study it opens and why. */
@Injectable()
export class DicomwebReader {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly access: StudyAccess,
  ) {}

  scopeOf(reader: ImagingReader): ReaderScope {
    return this.access.scopeOf(reader);
  }

  /** The owner whose instances of the study the reader sees, and why (403 for a token not issued for it, 404 for a user without it). */
  studyOf(reader: ImagingReader, study: string): Promise<AccessDecision> {
    return this.access.decisionFor(this.kit.db, reader, study);
  }
}
