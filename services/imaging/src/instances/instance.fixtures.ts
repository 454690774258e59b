import { stub } from '@portal/server-kit/testing';
import type { DicomFiles } from './dicom-files';
import type { InstanceRepository, NewInstance } from './instance.repository';

/** The index in memory: SOP instance UID -> study, as imaging.instances keeps it. */
export const indexInMemory = (stored = new Map<string, string>()) => {
  const insertMany = jest.fn(async (_tx, rows: NewInstance[]) => {
    const fresh = new Set<string>();
    for (const r of rows) {
      if (stored.has(r.attributes.sopInstanceUid)) continue;
      stored.set(r.attributes.sopInstanceUid, r.attributes.studyInstanceUid);
      fresh.add(r.attributes.sopInstanceUid);
    }
    return fresh;
  });
  const countByStudies = jest.fn(
    async (_tx, _user, studies: string[]) =>
      new Map(studies.map((s) => [s, [...stored.values()].filter((x) => x === s).length])),
  );
  const lockOwnerAndMeasure = jest.fn(async () => 0);
  return {
    stored,
    insertMany,
    countByStudies,
    lockOwnerAndMeasure,
    repo: stub<InstanceRepository>({ insertMany, countByStudies, lockOwnerAndMeasure }, 'instances'),
  };
};

/** The files on disk in memory, by key, with DicomFiles' stage, place and remove. */
export const filesInMemory = () => {
  const disk = new Map<string, Buffer>();
  let temps = 0;
  const stage = jest.fn(async (key: string, bytes: Buffer) => {
    const temp = `${key}.${++temps}.part`;
    disk.set(temp, bytes);
    return temp;
  });
  const place = jest.fn(async (temp: string, key: string) => {
    const bytes = disk.get(temp);
    if (!bytes) throw new Error(`no staged file ${temp}`);
    disk.delete(temp);
    disk.set(key, bytes);
  });
  const remove = jest.fn(async (key: string) => void disk.delete(key));
  const files = stub<DicomFiles>(
    { keyOf: (owner, h) => `${owner}/${h.sopInstanceUid}.dcm`, stage, place, remove },
    'files',
  );
  return { disk, stage, place, remove, files };
};
