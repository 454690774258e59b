import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { DICOMWEB_API } from '@portal/contracts';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DicomFiles } from '../../instances/dicom-files';
import { IndexOnRead } from '../../instances/index-on-read';
import { InstanceReadRepository, type InstanceFrameSource } from '../../instances/instance-read.repository';
import type { FrameIndex } from '../../instances/dicom-index/frame-index';
import { instanceNotFound } from '../../imaging.errors';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { DicomwebReader } from '../shared/dicomweb-reader';
import { readGroups } from '../shared/frame-reader';
import { type FrameSyntax, frameSyntaxFor, swapSamples } from '../shared/frame-syntax';
import { bodyClosing, newBoundary, partClosing, partOpening } from '../shared/multipart';
import { OCTET_STREAM } from '../shared/media-types';

export interface SeriesPath {
  study: string;
  series: string;
}

/** An instance ready to stream: where its frames are and the syntax they go out in. */
interface Streamed {
  sop: string;
  file: string;
  index: FrameIndex;
  syntax: FrameSyntax;
}

/**
 * One part per frame, instance after instance; the next instance's frames are read from disk while the
 * current ones are written, so the socket and the disk work at the same time. Never more than two
 * instances' frames in memory.
 */
export async function* pixelDataParts(
  boundary: string,
  path: SeriesPath,
  instances: Streamed[],
): AsyncGenerator<Buffer> {
  const read = (i: number) =>
    instances[i] ? readGroups(instances[i].file, instances[i].index, instances[i].index.frames) : null;
  let next = read(0);
  for (let i = 0; i < instances.length; i++) {
    const { sop, index, syntax } = instances[i];
    const frames = (await next) as Buffer[];
    next = read(i + 1);
    for (let f = 0; f < frames.length; f++) {
      const location = DICOMWEB_API.retrieveInstanceFrames(path.study, path.series, sop, String(f + 1));
      const body = syntax.swap && index.swap ? swapSamples(frames[f], index.swap) : frames[f];
      yield partOpening(boundary, `${OCTET_STREAM}; transfer-syntax=${syntax.syntax}`, {
        'Content-Location': location,
        'Content-Length': body.length,
      });
      yield body;
      yield partClosing;
    }
  }
  yield bodyClosing(boundary);
}

/**
 * WADO-RS pixel data of a series (PS3.18 10.4.1.1.5): every frame of every instance in one streamed
 * multipart/related answer, so a viewer fetches a series in one request instead of one per frame.
 * Each part names its frame by Content-Location (the frame's own WADO-RS URL), its transfer syntax in
 * its Content-Type, and its length (the viewer skips to the next delimiter instead of searching for it). A syntax the Accept header refuses answers 406 before any byte is sent.
 */
@Injectable()
export class RetrieveSeriesPixelData {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly readers: DicomwebReader,
    private readonly reads: InstanceReadRepository,
    private readonly files: DicomFiles,
    private readonly indexOnRead: IndexOnRead,
  ) {}

  async execute(
    reader: ImagingReader,
    path: SeriesPath,
    accept: string | undefined,
  ): Promise<{ contentType: string; body: Readable }> {
    const { owner } = await this.readers.studyOf(reader, path.study);
    const selection = { owner, studies: [path.study], series: path.series };
    let rows: InstanceFrameSource[] = await this.reads.frameSources(this.kit.db, selection);
    if (rows.some((r) => !r.frames) && (await this.indexOnRead.fill(selection)))
      rows = await this.reads.frameSources(this.kit.db, selection);
    const indexed = rows.filter((r): r is InstanceFrameSource & { frames: FrameIndex } =>
      Boolean(r.frames?.frames.length),
    );
    if (!indexed.length) throw instanceNotFound('Series');
    const instances = indexed.map((r) => ({
      sop: r.sop,
      file: this.files.pathOf(r.fileKey),
      index: r.frames,
      syntax: frameSyntaxFor(accept, r.frames.syntax),
    }));
    const boundary = newBoundary();
    return {
      contentType: `multipart/related; type="${OCTET_STREAM}"; boundary=${boundary}`,
      body: Readable.from(pixelDataParts(boundary, path, instances)),
    };
  }
}
