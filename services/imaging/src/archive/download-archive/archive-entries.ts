import type { StoredFile } from '../../instances/instance-read.repository';

/** A name a file system and an unzip tool take: no separators, controls or reserved characters, not empty. */
export const sanitise = (name: string, fallback: string): string => {
  const clean = name.replace(/[^\w .()+-]/g, '_').replace(/\.{2,}/g, '_').replace(/_+/g, '_').replace(/^[ ._]+|[ ._]+$/g, '').slice(0, 80);
  return clean || fallback;
};

/**
 * Each file's entry in a Download All zip: `<study description or uid>/<series number>_<series
 * description>/<instance number>.dcm`; a name taken twice (no instance number) gets the SOP UID.
 */
export const archiveEntries = (files: StoredFile[]): Array<{ file: StoredFile; name: string }> => {
  const taken = new Set<string>();
  return files.map((file) => {
    const study = sanitise(file.studyDescription, file.study);
    const series = `${file.seriesNumber ?? 0}_${sanitise(file.seriesDescription, 'series')}`;
    let name = `${study}/${series}/${file.instanceNumber ?? file.sop}.dcm`;
    if (taken.has(name)) name = `${study}/${series}/${file.instanceNumber ?? 0}_${file.sop}.dcm`;
    taken.add(name);
    return { file, name };
  });
};
