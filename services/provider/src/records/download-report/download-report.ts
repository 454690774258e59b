import { Inject, Injectable } from '@nestjs/common';
import { BLOB_STORE, type BlobStore } from '@portal/server-kit';
import { ReportLinks } from '../report-links';

export interface ReportBytes {
  bytes: Buffer;
  contentType: string;
  fileName: string;
}

/** GET provider/download/{identifier}: the bytes of the report a live identifier was issued for (the issue was audited). */
@Injectable()
export class DownloadReport {
  constructor(
    @Inject(BLOB_STORE) private readonly blobs: BlobStore,
    private readonly links: ReportLinks,
  ) {}

  async execute(identifier: string): Promise<ReportBytes> {
    const file = await this.links.open(identifier);
    return { bytes: await this.blobs.read(file.key), contentType: file.contentType, fileName: file.fileName };
  }
}
