import { type EventPayloads, STUDY_STORED_INSTANCES_MAX } from '@portal/contracts';
import { studyStoredFold } from './study-stored-fold';

type StudyStored = EventPayloads['imaging.study-stored'];

const instance = (n: number) => ({
  seriesInstanceUid: '1.2.3.1',
  sopInstanceUid: `1.2.3.1.${n}`,
  numberOfFrames: 1,
  seriesDescription: 'AXIAL',
});
const stored = (
  numberOfInstances: number,
  sops: number[],
  extra: Partial<StudyStored> = {},
): StudyStored => ({
  userId: 'u1',
  patientRequestId: null,
  studyInstanceUid: '1.2.3',
  modality: 'CT',
  studyDescription: 'CT CHEST',
  studyDate: '2024-01-02',
  numberOfInstances,
  instances: sops.map(instance),
  ...extra,
});

describe('studyStoredFold', () => {
  it("keys an announcement by its owner, request and study, so another owner's or request's stays apart", () => {
    expect(studyStoredFold(stored(10, [1])).key).toEqual({
      userId: 'u1',
      patientRequestId: null,
      studyInstanceUid: '1.2.3',
    });
  });

  it('says both announcements in one: the instances of both, each once, and the larger total', () => {
    const later = stored(20, [10, 11, 2]);
    const merged = studyStoredFold(later).merge(stored(12, [1, 2]), later);
    expect(merged?.numberOfInstances).toBe(20);
    expect(merged?.instances?.map((i) => i.sopInstanceUid)).toEqual([
      '1.2.3.1.1',
      '1.2.3.1.2',
      '1.2.3.1.10',
      '1.2.3.1.11',
    ]);
    // A total counted before the earlier one committed cannot make the study smaller.
    expect(studyStoredFold(stored(5, [3])).merge(stored(12, [1]), stored(5, [3]))?.numberOfInstances).toBe(
      12,
    );
  });

  it('takes the later facts of the study and an older announcement without instances', () => {
    const later = stored(3, [3], { studyDescription: 'CT CHEST W/O' });
    const merged = studyStoredFold(later).merge(stored(2, [], { instances: undefined }), later);
    expect(merged).toMatchObject({ studyDescription: 'CT CHEST W/O', numberOfInstances: 3 });
    expect(merged?.instances).toHaveLength(1);
  });

  it('keeps two announcements apart when together they would name more instances than an event may', () => {
    const half = Math.ceil(STUDY_STORED_INSTANCES_MAX / 2) + 1;
    const earlier = stored(
      half,
      Array.from({ length: half }, (_, k) => k),
    );
    const later = stored(
      2 * half,
      Array.from({ length: half }, (_, k) => half + k),
    );
    expect(studyStoredFold(later).merge(earlier, later)).toBeNull();
  });
});
