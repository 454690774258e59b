import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import {
  type Caller,
  InjectContext,
  type Queryable,
  reasonText,
  safeFileName,
  type UseCaseKit,
  ViewerTokens,
} from '@portal/server-kit';
import { ZipFile } from 'yazl';
import { DicomFiles } from '../../instances/dicom-files';
import {
  type InstanceSelection,
  InstanceReadRepository,
  type StoredFile,
} from '../../instances/instance-read.repository';
import { studyNotFound } from '../../imaging.errors';
import { archiveEntries } from './archive-entries';
import { giveYazlNativeCrc32 } from './native-crc32';
import { StudyAccess } from '../../studies/study-access/study-access';

giveYazlNativeCrc32();

/**
 * Download All: the original DICOM files of a download token's studies as a zip, streamed (yazl reads
 * each file as the zip is written: never whole in memory), stored without recompression, zip64 when
 * large. A token of a public link works only while the link is open. Audited.
 */
@Injectable()
export class DownloadArchive {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly tokens: ViewerTokens,
    private readonly reads: InstanceReadRepository,
    private readonly files: DicomFiles,
    private readonly access: StudyAccess,
  ) {}

  /**
   * The stored files a download token opens (its link still open, its share still on), audited as this
   * download; 401 for a bad token, 404 when nothing is left to give.
   */
  async filesOf<T extends StoredFile = StoredFile>(
    token: string,
    action: string,
    caller: Caller,
    read: (db: Queryable, s: InstanceSelection) => Promise<T[]> = (db, s) =>
      this.reads.files(db, s) as Promise<T[]>,
  ): Promise<T[]> {
    const grant = await this.tokens.verify(token, 'download');
    const { reason } = await this.access.tokenHolds(this.kit.db, grant);
    const stored = await read(this.kit.db, { owner: grant.owner, studies: grant.studies });
    if (!stored.length) throw studyNotFound();
    await this.kit.audit.record(this.kit.db, caller, {
      action,
      resourceType: 'study',
      subjectId: grant.owner,
      detail: { studies: grant.studies, instances: stored.length, by: grant.sub, access: reasonText(reason) },
    });
    return stored;
  }

  async execute(token: string, caller: Caller): Promise<{ fileName: string; body: Readable }> {
    const stored = await this.filesOf(token, 'imaging.archive-downloaded', caller);
    const zip = new ZipFile();
    for (const { file, name } of archiveEntries(stored))
      zip.addFile(this.files.pathOf(file.fileKey), name, { compress: false });
    zip.end();
    const first = stored[0];
    return {
      fileName: `${safeFileName(first.studyDescription, 'studies')}.zip`,
      body: zip.outputStream as Readable,
    };
  }
}
