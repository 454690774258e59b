import { Injectable } from '@nestjs/common';
import { InjectContext, logger, type UseCaseKit } from '@portal/server-kit';
import { DicomFiles } from './dicom-files';
import { indexFile } from './dicom-index/index-files';
import { InstanceReadRepository, type InstanceSelection } from './instance-read.repository';

/**
 * Rows stored before the full DICOM index have no metadata or frame index: the first read fills them
 * from their files, once (the next read finds them filled). A file that cannot be indexed stays as it
 * is and is logged; the read answers what is indexed.
 */
@Injectable()
export class IndexOnRead {
  constructor(
    @InjectContext('imaging') private readonly kit: UseCaseKit,
    private readonly reads: InstanceReadRepository,
    private readonly files: DicomFiles,
  ) {}

  async fill(s: InstanceSelection): Promise<number> {
    const missing = await this.reads.unindexed(this.kit.db, s);
    for (const row of missing) {
      try {
        const indexed = await indexFile({ name: row.sop, bytes: await this.files.read(row.fileKey) });
        if ('reason' in indexed) throw new Error(indexed.reason);
        await this.reads.fillIndex(
          this.kit.db,
          s.owner,
          indexed.attributes,
          indexed.metadata,
          indexed.frames,
        );
      } catch (err) {
        logger.warn(
          { sopInstanceUid: row.sop, err: (err as Error).message },
          'stored instance could not be indexed',
        );
      }
    }
    return missing.length;
  }
}
