import { stub } from '@portal/server-kit/testing';
import type { InstanceRepository } from './instance.repository';

/** The index in memory: SOP instance UID -> study, as imaging.instances keeps it. */
export const indexInMemory = (stored = new Map<string, string>()) => {
  const insertMany = jest.fn(async (_tx, rows: Array<{ header: { sopInstanceUid: string; studyInstanceUid: string } }>) => {
    const fresh = new Set<string>();
    for (const r of rows) {
      if (stored.has(r.header.sopInstanceUid)) continue;
      stored.set(r.header.sopInstanceUid, r.header.studyInstanceUid);
      fresh.add(r.header.sopInstanceUid);
    }
    return fresh;
  });
  const countByStudies = jest.fn(async (_tx, _user, studies: string[]) => new Map(studies.map((s) => [s, [...stored.values()].filter((x) => x === s).length])));
  return { stored, insertMany, countByStudies, repo: stub<InstanceRepository>({ insertMany, countByStudies }, 'instances') };
};

