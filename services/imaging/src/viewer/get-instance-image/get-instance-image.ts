import { Injectable } from '@nestjs/common';
import type { InstanceImage } from '@portal/contracts';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DicomFiles } from '../../instances/dicom-files';
import { InstanceRepository } from '../../instances/instance.repository';
import { instanceNotFound, noPreview } from '../../imaging.errors';
import { isStudyUid } from '../../studies/get-study-thumbnail/get-study-thumbnail';
import { type ReaderRequest, StudyAccess } from '../../studies/study-access/study-access';
import { NoPreview } from '../../studies/thumbnails/render-thumbnail';
import { ThumbnailRenderer } from '../../studies/thumbnails/thumbnail-renderer';

/** The square an instance image fits in: large enough for a phone or a tablet, small enough to send as JSON. */
export const INSTANCE_IMAGE_SIZE = 1024;

/** A frame number of the path: 1-based like WADO-RS frames; anything else is no frame. */
const frameIndex = (frame: string, frames: number): number | null => {
  if (!/^[0-9]{1,6}$/.test(frame)) return null;
  const n = Number(frame);
  return n >= 1 && n <= Math.max(1, frames) ? n - 1 : null;
};

/**
 * GET imaging/viewer/studies/{study}/series/{series}/instances/{instance}/frames/{frame} (records spec
 * §7, "instance image"): one frame drawn as a PNG (base64) by the thumbnail renderer at viewer size,
 * for the same readers as the study (StudyAccess). Frames are numbered from 1; one beyond the
 * instance's frames answers 404; pixel data that cannot be drawn answers 'No Preview Available'.
 */
@Injectable()
export class GetInstanceImage {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly access: StudyAccess,
    private readonly instances: InstanceRepository,
    private readonly files: DicomFiles,
    private readonly renderer: ThumbnailRenderer,
  ) {}

  async execute(req: ReaderRequest, path: { study: string; series: string; instance: string; frame: string }, caller: Caller): Promise<InstanceImage> {
    const reader = await this.access.readerOf(this.kit.db, req);
    const owner = await this.access.ownerFor(this.kit.db, reader, path.study);
    const file = isStudyUid(path.study) ? await this.instances.instanceFile(this.kit.db, owner, path.study, path.series, path.instance) : null;
    const frame = file && frameIndex(path.frame, file.frames);
    if (!file || frame === null) throw instanceNotFound();
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'imaging.instance-image-read',
      resourceType: 'instance',
      resourceId: path.instance,
      subjectId: owner,
      detail: { study: path.study, frame: frame + 1, ...(reader.grant ? { tokenOf: reader.grant.sub } : {}) },
    });
    try {
      const { png } = await this.renderer.render(await this.files.read(file.fileKey), { size: INSTANCE_IMAGE_SIZE, frame });
      return { data: png.toString('base64') };
    } catch (err) {
      if (err instanceof NoPreview) throw noPreview();
      throw err;
    }
  }
}
