import { Injectable } from '@nestjs/common';
import type { InstanceImage } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DicomFiles } from '../../instances/dicom-files';
import { InstanceReadRepository } from '../../instances/instance-read.repository';
import { frameNotFound, instanceNotFound, noPreview } from '../../imaging.errors';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { NoPreview } from '../../studies/thumbnails/render-thumbnail';
import { ThumbnailRenderer } from '../../studies/thumbnails/thumbnail-renderer';
import { DicomwebReader } from '../../dicomweb/shared/dicomweb-reader';

/** The picture size of the spec's instance image call: enough for a phone or a laptop screen. */
export const INSTANCE_IMAGE_SIZE = 1024;

export interface InstanceImagePath {
  study: string;
  series: string;
  sop: string;
  /** 1-based, as the spec and WADO-RS number frames. */
  frame: number;
}

/**
 * The instance image by study, series, instance and frame (records spec §7): the frame drawn as a PNG,
 * base64, for viewers that cannot decode DICOM themselves. Our viewer reads WADO-RS frames instead.
 * Not audited per frame (the viewer study read that precedes it is), as WADO-RS frames are not.
 */
@Injectable()
export class GetInstanceImage {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly readers: DicomwebReader,
    private readonly reads: InstanceReadRepository,
    private readonly files: DicomFiles,
    private readonly renderer: ThumbnailRenderer,
  ) {}

  async execute(reader: ImagingReader, path: InstanceImagePath): Promise<InstanceImage> {
    const { owner } = await this.readers.studyOf(reader, path.study);
    const rows = await this.reads.viewerInstances(this.kit.db, owner, path.study);
    const instance = rows.find((r) => r.series === path.series && r.sop === path.sop);
    if (!instance) throw instanceNotFound();
    if (!Number.isInteger(path.frame) || path.frame < 1 || path.frame > (instance.frames || 1))
      throw frameNotFound();
    const [file] = await this.reads.files(this.kit.db, {
      owner,
      studies: [path.study],
      series: path.series,
      sop: path.sop,
    });
    try {
      const { png } = await this.renderer.render(
        await this.files.read(file.fileKey),
        INSTANCE_IMAGE_SIZE,
        path.frame - 1,
      );
      return { data: Buffer.from(png).toString('base64') };
    } catch (err) {
      if (err instanceof NoPreview) throw noPreview();
      throw err;
    }
  }
}
