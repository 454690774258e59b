import { Inject, Injectable } from '@nestjs/common';
import {
  BLOB_STORE,
  type BlobStore,
  type Caller,
  InjectContext,
  logger,
  reasonText,
  type UseCaseKit,
} from '@portal/server-kit';
import { DicomFiles } from '../../instances/dicom-files';
import { InstanceRepository } from '../../instances/instance.repository';
import { noPreview, studyNotFound } from '../../imaging.errors';
import { StudyAccess } from '../study-access/study-access';
import { NoPreview } from '../thumbnails/render-thumbnail';
import { ThumbnailRenderer } from '../thumbnails/thumbnail-renderer';

/** A DICOM UID: digits and dots, at most 64 characters (PS3.5 9.1). Anything else is no study (404). */
export const STUDY_UID = /^[0-9]+(\.[0-9]+)*$/;
export const isStudyUid = (s: string): boolean => s.length <= 64 && STUDY_UID.test(s);

/**
 * The cache of a thumbnail, by the instance it is drawn from: a study that gains instances (another
 * series, a split upload) gets a new source and so a new thumbnail; `.none` remembers a file that
 * cannot be decoded, so it is not decoded again on every call.
 */
export const thumbnailKey = (studyInstanceUid: string, sopInstanceUid: string): string =>
  // The SOP UID comes from an uploaded file: anything but digits and dots is replaced, so no key leaves the folder.
  `imaging/thumbnails/${studyInstanceUid}/${sopInstanceUid.replace(/[^0-9.]/g, '_').replace(/\.\./g, '__')}.png`;
const noPreviewKey = (key: string) => key.replace(/\.png$/, '.none');

/**
 * GET imaging/studies/{studyInstanceUid}/thumbnail: a PNG of the study drawn from its own DICOM, for
 * who may see the study (StudyAccess; anyone else: 404). Rendered once, in the renderer's thread, and
 * kept in the blob store; later calls read the cache. Every read is audited.
 */
@Injectable()
export class GetStudyThumbnail {
  /** Renders under way, by cache key: a grid asking for the same study twice at once renders it once. */
  private readonly inFlight = new Map<string, Promise<Buffer>>();

  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly access: StudyAccess,
    private readonly instances: InstanceRepository,
    private readonly files: DicomFiles,
    private readonly renderer: ThumbnailRenderer,
  ) {}

  async execute(
    userId: string,
    studyInstanceUid: string,
    caller: Caller,
  ): Promise<{ png: Buffer; cached: boolean }> {
    if (!isStudyUid(studyInstanceUid)) throw studyNotFound();
    const decision = await this.access.decide(this.kit.db, userId, studyInstanceUid);
    const owner = decision?.owner;
    const source = owner && (await this.instances.thumbnailSource(this.kit.db, owner, studyInstanceUid));
    if (!decision || !owner || !source) throw studyNotFound();
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'imaging.thumbnail-read',
      resourceType: 'study',
      resourceId: studyInstanceUid,
      subjectId: owner,
      detail: { sopInstanceUid: source.sopInstanceUid, access: reasonText(decision.reason) },
    });
    const key = thumbnailKey(studyInstanceUid, source.sopInstanceUid);
    if (await this.blobs.exists(key)) return { png: await this.blobs.read(key), cached: true };
    if (await this.blobs.exists(noPreviewKey(key))) throw noPreview();
    let render = this.inFlight.get(key);
    if (!render) {
      render = this.render(key, source.fileKey).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, render);
    }
    return { png: await render, cached: false };
  }

  private async render(key: string, fileKey: string): Promise<Buffer> {
    const started = Date.now();
    try {
      const { png } = await this.renderer.render(await this.files.read(fileKey));
      await this.blobs.write(key, png, 'image/png');
      logger.debug({ key, ms: Date.now() - started }, 'thumbnail rendered');
      return png;
    } catch (err) {
      if (!(err instanceof NoPreview)) throw err;
      logger.info({ key, why: err.message }, 'study has no preview');
      await this.blobs.write(noPreviewKey(key), Buffer.from(err.message), 'text/plain');
      throw noPreview();
    }
  }
}
