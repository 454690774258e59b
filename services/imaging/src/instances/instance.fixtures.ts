import { stub } from '@portal/server-kit/testing';
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
