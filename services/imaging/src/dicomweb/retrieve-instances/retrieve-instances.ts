import * as fs from 'node:fs';
import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { type Caller, InjectContext, type UseCaseKit } from '@portal/server-kit';
import { DicomFiles } from '../../instances/dicom-files';
import { InstanceReadRepository, type StoredFile } from '../../instances/instance-read.repository';
import { instanceNotFound } from '../../imaging.errors';
import type { ImagingReader } from '../../studies/study-access/study-access';
import { DicomwebReader } from '../shared/dicomweb-reader';
import { bodyClosing, newBoundary, partClosing, partOpening } from '../shared/multipart';
import { DICOM } from '../shared/media-types';
import type { RetrievePath } from '../retrieve-metadata/retrieve-metadata';

/** The stored files one after the other as a multipart/related stream: each file streamed from disk, never whole in memory. */
export async function* multipartFiles(boundary: string, paths: string[]): AsyncGenerator<Buffer> {
  for (const file of paths) {
    yield partOpening(boundary, DICOM);
    for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) yield chunk as Buffer;
    yield partClosing;
  }
  yield bodyClosing(boundary);
}

/** WADO-RS retrieve (PS3.18 10.4.1.1.1): the original Part 10 files of a study, series or instance, streamed. */
@Injectable()
export class RetrieveInstances {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly readers: DicomwebReader,
    private readonly reads: InstanceReadRepository,
    private readonly files: DicomFiles,
  ) {}

  /** The files of the selection (404 when none) and the audit row; the stream is made by `stream`. */
  async execute(
    reader: ImagingReader,
    path: RetrievePath,
    caller: Caller,
  ): Promise<{ contentType: string; body: Readable }> {
    const { owner } = await this.readers.studyOf(reader, path.study);
    const files: StoredFile[] = await this.reads.files(this.kit.db, {
      owner,
      studies: [path.study],
      series: path.series,
      sop: path.sop,
    });
    if (!files.length) throw instanceNotFound(path.sop ? 'Instance' : path.series ? 'Series' : 'Study');
    await this.kit.audit.record(this.kit.db, caller, {
      action: 'imaging.instances-retrieved',
      resourceType: 'study',
      resourceId: path.study,
      subjectId: owner,
      detail: { instances: files.length },
    });
    const boundary = newBoundary();
    return {
      contentType: `multipart/related; type="${DICOM}"; boundary=${boundary}`,
      body: Readable.from(
        multipartFiles(
          boundary,
          files.map((f) => this.files.pathOf(f.fileKey)),
        ),
      ),
    };
  }
}
