import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DicomFiles } from '../../instances/dicom-files';
import { InstanceReadRepository } from '../../instances/instance-read.repository';
import { instanceNotFound, noPreview } from '../../imaging.errors';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { NoPreview } from '../../studies/thumbnails/render-thumbnail';
import { ThumbnailRenderer } from '../../studies/thumbnails/thumbnail-renderer';
import { DicomwebReader } from '../shared/dicomweb-reader';
import type { RetrievePath } from '../retrieve-metadata/retrieve-metadata';

/**
 * WADO-RS rendered and thumbnail (PS3.18 10.4.1.1.3, 10.4.1.1.5): a PNG drawn by the thumbnail
 * renderer (every syntax, in its worker thread) from the instance, or from the middle instance of the
 * series (the first series of a study).
 */
@Injectable()
export class RetrieveRendered {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly readers: DicomwebReader,
    private readonly reads: InstanceReadRepository,
    private readonly files: DicomFiles,
    private readonly renderer: ThumbnailRenderer,
  ) {}

  async execute(reader: ImagingReader, path: RetrievePath, caller: Caller): Promise<Buffer> {
    const { owner } = await this.readers.studyOf(reader, path.study);
    const all = await this.reads.files(this.kit.db, {
      owner,
      studies: [path.study],
      series: path.series,
      sop: path.sop,
    });
    const series = all.filter((f) => f.series === all[0]?.series);
    const source = series[Math.floor((series.length - 1) / 2)];
    if (!source) throw instanceNotFound(path.sop ? 'Instance' : path.series ? 'Series' : 'Study');
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'imaging.rendered-read',
      resourceType: 'study',
      resourceId: path.study,
      subjectId: owner,
      detail: { sop: source.sop },
    });
    try {
      return (await this.renderer.render(await this.files.read(source.fileKey))).png;
    } catch (err) {
      if (err instanceof NoPreview) throw noPreview();
      throw err;
    }
  }
}
