import { Injectable } from '@nestjs/common';
import { InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DicomFiles } from '../../instances/dicom-files';
import { IndexOnRead } from '../../instances/index-on-read';
import { InstanceReadRepository } from '../../instances/instance-read.repository';
import type { ByteRange, FrameIndex } from '../../instances/dicom-index/frame-index';
import { badSearch, instanceNotFound } from '../../imaging.errors';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { DicomwebReader } from '../shared/dicomweb-reader';
import { readGroups } from '../shared/frame-reader';
import { frameSyntaxFor, swapSamples } from '../shared/frame-syntax';
import { multipartBody, newBoundary } from '../shared/multipart';
import { OCTET_STREAM } from '../shared/media-types';

export interface InstancePath {
  study: string;
  series: string;
  sop: string;
}

/** A multipart/related answer of octet-stream parts in one transfer syntax. */
export interface OctetParts {
  contentType: string;
  body: Buffer;
}

/** "1,2,5" as frame numbers (1-based, PS3.18 10.4.1.1.4); anything else is a 400. */
export const frameNumbers = (list: string): number[] => {
  const numbers = list.split(',').map((n) => n.trim());
  if (!numbers.length || numbers.some((n) => !/^[1-9]\d{0,6}$/.test(n)))
    throw badSearch(`Frame numbers are positive whole numbers separated by commas, not '${list}'`);
  return numbers.map(Number);
};

/**
 * WADO-RS frames and bulk data: the byte ranges the index names, read from the stored file, in the
 * transfer syntax the Accept header allows (see frameSyntaxFor); one multipart/related body.
 */
@Injectable()
export class RetrieveFrames {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly readers: DicomwebReader,
    private readonly reads: InstanceReadRepository,
    private readonly files: DicomFiles,
    private readonly indexOnRead: IndexOnRead,
  ) {}

  async frames(
    reader: ImagingReader,
    path: InstancePath,
    list: string,
    accept: string | undefined,
  ): Promise<OctetParts> {
    const numbers = frameNumbers(list);
    const { fileKey, frames: index } = await this.source(reader, path);
    const missing = numbers.find((n) => n > index.frames.length);
    if (missing) throw instanceNotFound(`Frame ${missing}`);
    return this.answer(
      fileKey,
      index,
      numbers.map((n) => index.frames[n - 1]),
      accept,
    );
  }

  /** A bulk data value by its top-level tag; the pixel data is every frame's bytes. */
  async bulkData(
    reader: ImagingReader,
    path: InstancePath,
    tag: string,
    accept: string | undefined,
  ): Promise<OctetParts> {
    const { fileKey, frames: index } = await this.source(reader, path);
    const key = tag.toUpperCase();
    const groups: ByteRange[][] | undefined =
      key === '7FE00010' ? [index.frames.flat()] : index.bulk[key] ? [[index.bulk[key]]] : undefined;
    if (!groups || !groups[0].length) throw instanceNotFound('Bulk data');
    return this.answer(fileKey, index, groups, key === '7FE00010' ? accept : undefined);
  }

  private async source(
    reader: ImagingReader,
    path: InstancePath,
  ): Promise<{ fileKey: string; frames: FrameIndex }> {
    const { owner } = await this.readers.studyOf(reader, path.study);
    let source = await this.reads.frameSource(this.kit.db, { owner, ...path });
    if (
      source &&
      !source.frames &&
      (await this.indexOnRead.fill({ owner, studies: [path.study], series: path.series, sop: path.sop }))
    ) {
      source = await this.reads.frameSource(this.kit.db, { owner, ...path });
    }
    if (!source?.frames) throw instanceNotFound();
    return { fileKey: source.fileKey, frames: source.frames };
  }

  private async answer(
    fileKey: string,
    index: FrameIndex,
    groups: ByteRange[][],
    accept: string | undefined,
  ): Promise<OctetParts> {
    const { syntax, swap } = frameSyntaxFor(accept, index.syntax);
    const bodies = await readGroups(this.files.pathOf(fileKey), index, groups);
    const sent = swap && index.swap ? bodies.map((b) => swapSamples(b, index.swap!)) : bodies;
    const boundary = newBoundary();
    return {
      contentType: `multipart/related; type="${OCTET_STREAM}"; transfer-syntax=${syntax}; boundary=${boundary}`,
      body: multipartBody(boundary, `${OCTET_STREAM}; transfer-syntax=${syntax}`, sent),
    };
  }
}
