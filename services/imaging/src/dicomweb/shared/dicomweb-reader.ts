import { Injectable } from '@nestjs/common';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { type ImagingReader, type ReaderRequest, type ReaderScope, StudyAccess } from '../../studies/study-access/study-access';

/** StudyAccess for DICOMweb's use cases: who a request reads as, what it searches, whose study it opens. */
@Injectable()
export class DicomwebReader {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly access: StudyAccess,
  ) {}

  of(req: ReaderRequest): Promise<ImagingReader> {
    return this.access.readerOf(this.kit.db, req);
  }

  scopeOf(reader: ImagingReader): ReaderScope {
    return this.access.scopeOf(reader);
  }

  /** The owner whose instances of the study the reader sees (403 for a token not issued for it, 404 for a user without it). */
  ownerFor(reader: ImagingReader, study: string): Promise<string> {
    return this.access.ownerFor(this.kit.db, reader, study);
  }

  /** Both at once, for a read of one study. */
  async studyOf(req: ReaderRequest, study: string): Promise<{ reader: ImagingReader; owner: string }> {
    const reader = await this.of(req);
    return { reader, owner: await this.ownerFor(reader, study) };
  }
}
