import { safeFileName } from '@portal/server-kit';
import type { StoredFile } from '../../instances/instance-read.repository';

/**
 * Where each file goes on the disc: DICOM/S0001/I0001 and so on, ISO 9660 level 1 names (8 upper-case
 * characters, no extension) as the DICOM media standard (PS3.10/PS3.12) asks, so the DICOMDIR can name them.
 */
export const isoEntries = <T extends StoredFile>(files: T[]): Array<{ file: T; path: string }> => {
  const series = new Map<string, number>();
  const counts = new Map<string, number>();
  return files.map((file) => {
    const key = `${file.study}|${file.series}`;
    if (!series.has(key)) series.set(key, series.size + 1);
    const n = (counts.get(key) ?? 0) + 1;
    counts.set(key, n);
    const s = String(series.get(key)).padStart(4, '0');
    return { file, path: `DICOM/S${s}/I${String(n).padStart(4, '0')}` };
  });
};

/** The ISO's file name from the patient's name (DICOM Last^First as "First_Last"), else the study's description. */
export const isoFileName = (file: Pick<StoredFile, 'patientName' | 'studyDescription' | 'study'>): string => {
  const [last = '', first = ''] = file.patientName.split('^');
  const name = [first, last].filter(Boolean).join(' ');
  return `${safeFileName(name || file.studyDescription, 'images').replace(/ /g, '_')}.iso`;
};

/** The volume label: ISO 9660 d-characters, at most 32. */
export const volumeLabel = (fileName: string): string =>
  fileName
    .replace(/\.iso$/, '')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_')
    .slice(0, 32) || 'IMAGES';
