import { safeFileName } from '@portal/server-kit';
import type { StoredFile } from '../../instances/instance-read.repository';

/**
 * Each file's entry in a Download All zip: `<study description or uid>/<series number>_<series
 * description>/<instance number>.dcm`; a name taken twice (no instance number) gets the SOP UID.
 */
export const archiveEntries = (files: StoredFile[]): Array<{ file: StoredFile; name: string }> => {
  const taken = new Set<string>();
  return files.map((file) => {
    const study = safeFileName(file.studyDescription, file.study);
    const series = `${file.seriesNumber ?? 0}_${safeFileName(file.seriesDescription, 'series')}`;
    let name = `${study}/${series}/${file.instanceNumber ?? file.sop}.dcm`;
    if (taken.has(name)) name = `${study}/${series}/${file.instanceNumber ?? 0}_${file.sop}.dcm`;
    taken.add(name);
    return { file, name };
  });
};
