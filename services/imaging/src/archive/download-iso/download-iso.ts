import { spawn } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { type Caller, logger } from '@portal/server-kit';
import { isoUnavailable } from '../../imaging.errors';
import { DicomFiles } from '../../instances/dicom-files';
import { DownloadArchive } from '../download-archive/download-archive';
import { isoEntries, isoFileName, volumeLabel } from './iso-layout';

/** Runs a tool to its end; rejects with its stderr. */
const run = (cmd: string, args: string[], cwd: string): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} exited ${code}: ${err.slice(-400)}`))));
  });

const README = (name: string, files: number) =>
  `Medical images of ${name || 'the patient'}\r\n\r\nThis disc holds ${files} DICOM files in the folder DICOM, indexed by the file DICOMDIR\r\n` +
  `(DICOM Part 10 media). Any DICOM viewer opens them: point it at this disc or at DICOMDIR.\r\n` +
  `A viewer that runs from the disc is not included yet; the Patient Portal's viewer shows the same images.\r\n`;

/**
 * GET fetchDownloadISO?identifier= (records spec §7): the study of a download token as an ISO 9660 disc
 * image named from the patient's name: the original files under DICOM/, a DICOMDIR made by dcmtk's
 * dcmmkdir, README.TXT. Streamed, never held whole: the folder holds only symbolic links to the stored
 * files and the small DICOMDIR; genisoimage writes the image to its stdout, which is the response. The
 * folder goes when the stream ends or the client leaves (the child is killed then). Without the tools the
 * answer is 503 with a message pointing to the zip.
 */
@Injectable()
export class DownloadIso {
  constructor(
    private readonly archive: DownloadArchive,
    private readonly files: DicomFiles,
  ) {}

  async execute(token: string, caller: Caller): Promise<{ fileName: string; body: Readable }> {
    const stored = await this.archive.filesOf(token, 'imaging.iso-downloaded', caller);
    const fileName = isoFileName(stored[0]);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'portal-iso-'));
    const cleanup = () => void fs.rm(dir, { recursive: true, force: true }).catch(() => undefined);
    try {
      for (const { file, path: p } of isoEntries(stored)) {
        await fs.mkdir(path.join(dir, path.dirname(p)), { recursive: true });
        await fs.symlink(this.files.pathOf(file.fileKey), path.join(dir, p));
      }
      await fs.writeFile(path.join(dir, 'README.TXT'), README(stored[0].patientName.replace(/\^/g, ' ').trim(), stored.length));
      // Files of any transfer syntax go on the disc as they were stored: the checks for the CD-R profile are warnings only.
      await run('dcmmkdir', ['+r', '-W', '-Nxc', '-Nec', '-Nrc', '+I', '+D', 'DICOMDIR', 'DICOM'], dir);
    } catch (err) {
      cleanup();
      logger.warn({ err: (err as Error).message }, 'ISO not made');
      throw isoUnavailable();
    }
    // -d: no trailing period on names without one (DICOMDIR, I0001), as DICOM media name them.
    const iso = spawn('genisoimage', ['-quiet', '-f', '-d', '-J', '-R', '-V', volumeLabel(fileName), '-o', '-', '.'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
    const body = new PassThrough();
    iso.stdout.pipe(body);
    iso.stderr.on('data', (d: Buffer) => logger.warn({ stderr: d.toString().slice(0, 400) }, 'genisoimage'));
    iso.on('error', (err) => body.destroy(err));
    iso.on('close', (code) => {
      cleanup();
      if (code !== 0 && code !== null) body.destroy(new Error(`genisoimage exited ${code}`));
    });
    // The client left: stop writing the image.
    body.on('close', () => iso.exitCode === null && iso.kill('SIGKILL'));
    return { fileName, body };
  }
}
