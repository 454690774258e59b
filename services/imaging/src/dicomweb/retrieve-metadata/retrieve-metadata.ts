import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { IndexOnRead } from '../../instances/index-on-read';
import { InstanceReadRepository, type InstanceSelection } from '../../instances/instance-read.repository';
import { instanceNotFound } from '../../imaging.errors';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { DicomwebReader } from '../shared/dicomweb-reader';

/** A WADO-RS read of a study, or a series or instance of it. */
export interface RetrievePath {
  study: string;
  series?: string;
  sop?: string;
}

/**
 * WADO-RS metadata (PS3.18 10.4.1.1.2): the stored DICOM JSON of the study, series or instance, as one
 * JSON text that PostgreSQL concatenates (never parsed per request). Audited once per call.
 */
@Injectable()
export class RetrieveMetadata {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly readers: DicomwebReader,
    private readonly reads: InstanceReadRepository,
    private readonly indexOnRead: IndexOnRead,
  ) {}

  async execute(reader: ImagingReader, path: RetrievePath, caller: Caller): Promise<string> {
    const { owner } = await this.readers.studyOf(reader, path.study);
    const selection: InstanceSelection = { owner, studies: [path.study], series: path.series, sop: path.sop };
    const first = await this.reads.metadataText(this.kit.db, selection);
    const body =
      first.missing && (await this.indexOnRead.fill(selection))
        ? (await this.reads.metadataText(this.kit.db, selection)).body
        : first.body;
    if (!body) throw instanceNotFound(path.sop ? 'Instance' : path.series ? 'Series' : 'Study');
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'imaging.metadata-read',
      resourceType: 'study',
      resourceId: path.study,
      subjectId: owner,
      detail: { series: path.series, sop: path.sop },
    });
    return body;
  }
}
