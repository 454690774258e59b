import * as fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import type { Caller } from '@portal/server-kit';
import { DicomFiles } from '../../instances/dicom-files';
import { IndexOnRead } from '../../instances/index-on-read';
import { InstanceReadRepository } from '../../instances/instance-read.repository';
import { DownloadArchive } from '../download-archive/download-archive';
import { dicomDir } from './dicomdir';
import { isoImage } from './iso9660';
import { isoEntries, isoFileName, volumeLabel } from './iso-layout';

const README = (name: string, files: number) =>
  `Medical images of ${name || 'the patient'}\r\n\r\nThis disc holds ${files} DICOM files in the folder DICOM, indexed by the file DICOMDIR\r\n` +
  `(DICOM Part 10 media). Any DICOM viewer opens them: point it at this disc or at DICOMDIR.\r\n` +
  `A viewer that runs from the disc is not included yet; the Patient Portal's viewer shows the same images.\r\n`;

/**
 * GET fetchDownloadISO?identifier= (records spec §7): the study of a download token as an ISO 9660 disc
 * image with Joliet names, named from the patient's name: the original files under DICOM/, the DICOMDIR
 * that indexes them, README.TXT. Made in our own code (iso9660.ts, dicomdir.ts), no system tool: the
 * head of the image is built from the files' sizes, then each stored file streams into it from disk.
 */
@Injectable()
export class DownloadIso {
  constructor(
    private readonly archive: DownloadArchive,
    private readonly reads: InstanceReadRepository,
    private readonly files: DicomFiles,
    private readonly indexOnRead: IndexOnRead,
  ) {}

  async execute(token: string, caller: Caller): Promise<{ fileName: string; bytes: number; body: Readable }> {
    const stored = await this.archive.filesOf(token, 'imaging.iso-downloaded', caller, async (db, s) => {
      // Rows stored before the full index lack the SOP class the DICOMDIR names: filled first, once.
      await this.indexOnRead.fill(s);
      return this.reads.discFiles(db, s);
    });
    const fileName = isoFileName(stored[0]);
    const entries = isoEntries(stored);
    const directory = dicomDir(
      entries.map(({ file, path }) => ({
        ...file,
        path,
        studyUid: file.study,
        seriesUid: file.series,
        sopUid: file.sop,
      })),
    );
    const readme = README(stored[0].patientName.replace(/\^/g, ' ').trim(), stored.length);
    const image = isoImage(
      [
        { path: 'DICOMDIR', source: directory },
        { path: 'README.TXT', source: Buffer.from(readme, 'utf8') },
        ...(await Promise.all(
          entries.map(async ({ file, path }) => ({ path, source: await this.onDisk(file.fileKey) })),
        )),
      ],
      volumeLabel(fileName),
    );
    return { fileName, bytes: image.bytes, body: image.stream() };
  }

  /** A stored file and its size on disk: the image's layout is made from these sizes, so they are the files' own. */
  private async onDisk(key: string): Promise<{ file: string; size: number }> {
    const file = this.files.pathOf(key);
    return { file, size: (await fs.stat(file)).size };
  }
}
