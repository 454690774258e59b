import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { AccessDecision, Caller } from '@portal/server-kit';
import type { SaveStudyAnnotationsInput } from '@portal/contracts';
import type { InstanceReadRepository, ViewerInstanceRow } from '../../instances/instance-read.repository';
import { studyNotFound } from '../../imaging.errors';
import { StudyAccess } from '../../studies/study-access/study-access';
import type { StudyAnnotationRepository } from '../study-annotation.repository';
import { SaveStudyAnnotations } from './save-study-annotations';

describe('SaveStudyAnnotations', () => {
  const STUDY = '1.2.3';
  const row = (series: string, sop: string, frames: number) => ({ series, sop, frames }) as ViewerInstanceRow;
  // The owner's copy: a single-frame instance and a 16-frame one.
  const INSTANCES = [row('1.2.3.1', '1.2.3.1.1', 1), row('1.2.3.2', '1.2.3.2.1', 16)];
  const measurement = (over: Partial<SaveStudyAnnotationsInput['measurements'][number]> = {}) => ({
    id: '6f1c2b1e-0d5a-4f43-9a51-2b7f9d1e8c00',
    tool: 'Angle' as const,
    seriesUid: '1.2.3.2',
    sopInstanceUid: '1.2.3.2.1',
    frame: 16,
    points: [
      [0, 0, 0],
      [10, 0, 0],
      [10, 10, 0],
    ] as Array<[number, number, number]>,
    createdAt: '2026-01-02T03:04:05.000Z',
    ...over,
  });
  const body = (over: Partial<SaveStudyAnnotationsInput> = {}): SaveStudyAnnotationsInput => ({
    measurements: [measurement()],
    keyImages: [{ seriesUid: '1.2.3.1', sopInstanceUid: '1.2.3.1.1', frame: 1 }],
    version: 0,
    ...over,
  });
  const owner: AccessDecision = { owner: 'u1', reason: { kind: 'owner' } };

  const setUp = (
    decision: AccessDecision | null,
    opts: { stored?: number; instances?: ViewerInstanceRow[] } = {},
  ) => {
    const fake = fakeUseCaseKit();
    const stored = opts.stored ?? 0;
    const decisionFor = jest.fn(async () => {
      if (!decision) throw studyNotFound();
      return decision;
    });
    const viewerInstances = jest.fn(async () => opts.instances ?? INSTANCES);
    const replace = jest.fn(async (_tx, _owner, _study, expected: number) =>
      expected === stored ? stored + 1 : null,
    );
    const find = jest.fn(async () => ({ measurements: [], keyImages: [], version: stored }));
    const useCase = new SaveStudyAnnotations(
      fake.kit,
      stub<StudyAccess>({ decisionFor, changesAsOwner: StudyAccess.prototype.changesAsOwner }, 'access'),
      stub<InstanceReadRepository>({ viewerInstances }, 'reads'),
      stub<StudyAnnotationRepository>({ replace, find }, 'annotations'),
    );
    return { fake, useCase, replace, viewerInstances };
  };
  const save = (
    s: ReturnType<typeof setUp>,
    b: SaveStudyAnnotationsInput,
    caller: Caller = testCaller('u1'),
    study = STUDY,
  ) => s.useCase.execute({ userId: caller.userId ?? 'u1' }, study, b, caller);

  it("replaces the owner's set at the version they read, answers the next version, and audits it with the save", async () => {
    const s = setUp(owner, { stored: 2 });
    const caller = testCaller('u1');
    const b = body({ version: 2 });
    await expect(save(s, b, caller)).resolves.toEqual({
      measurements: b.measurements,
      keyImages: b.keyImages,
      version: 3,
      canWrite: true,
    });
    expect(s.replace).toHaveBeenCalledWith(s.fake.tx, 'u1', STUDY, 2, {
      measurements: b.measurements,
      keyImages: b.keyImages,
    });
    expect(s.fake.transactions).toBe(1);
    expect(s.fake.audit).toEqual([
      expect.objectContaining({
        action: 'imaging.annotations-saved',
        resourceId: STUDY,
        subjectId: 'u1',
        caller,
        detail: { access: 'owner', version: 3, measurements: 1, keyImages: 1 },
      }),
    ]);
    expect(s.fake.events).toEqual([]);
  });

  it('answers 409 naming the stored version for a stale one, and changes and audits nothing', async () => {
    const s = setUp(owner, { stored: 5 });
    await expect(save(s, body({ version: 4 }))).rejects.toMatchObject({
      status: 409,
      code: 'RESOURCE.CONFLICT',
      message: expect.stringContaining('now version 5'),
    });
    expect(s.fake.audit).toEqual([]);
    expect(s.fake.transactions).toBe(0);
  });

  it("refuses (403) everyone who reads the owner's copy but is not the owner's own session, before any write", async () => {
    const shared: AccessDecision = {
      owner: 'u1',
      reason: { kind: 'share', recipientId: 'r1', sharedBy: 'u1' },
    };
    const link: AccessDecision = { owner: 'u1', reason: { kind: 'link', linkId: 'l1' } };
    const coordinatorActing: Caller = {
      ...testCaller('c1'),
      onBehalfOf: { userId: 'u1', groupId: 'g1', permission: 'VIEW_RECORDS' },
    };
    for (const [decision, caller] of [
      [shared, testCaller('u3')],
      [link, testCaller(null)],
      [owner, testCaller(null)], // the owner's viewer token alone
      [owner, testCaller('c1')], // a coordinator's session with the member's viewer token
      [owner, coordinatorActing],
    ] as const) {
      const s = setUp(decision);
      await expect(save(s, body(), caller)).rejects.toMatchObject({ status: 403, code: 'AUTH.FORBIDDEN' });
      expect(s.replace).not.toHaveBeenCalled();
    }
  });

  it('answers 404 for a study the caller may not see, one the owner holds nothing of, and a malformed uid', async () => {
    for (const s of [setUp(null), setUp(owner, { instances: [] })]) {
      await expect(save(s, body())).rejects.toMatchObject({ status: 404 });
      expect(s.replace).not.toHaveBeenCalled();
    }
    const malformed = setUp(owner);
    await expect(save(malformed, body(), testCaller('u1'), '1.2;DROP')).rejects.toMatchObject({
      status: 404,
    });
    expect(malformed.viewerInstances).not.toHaveBeenCalled();
  });

  it('refuses (400) instances that are not in the study and frames an instance lacks, naming each field, and stores nothing', async () => {
    const s = setUp(owner);
    const err = await save(
      s,
      body({
        measurements: [measurement(), measurement({ sopInstanceUid: '9.9.9' }), measurement({ frame: 17 })],
        keyImages: [{ seriesUid: '1.2.3.2', sopInstanceUid: '1.2.3.1.1', frame: 1 }],
      }),
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({
      status: 400,
      errors: {
        'measurements[1]': 'measurements[1]: instance 9.9.9 of series 1.2.3.2 is not in this study',
        'measurements[2].frame': 'measurements[2].frame names a frame the instance does not have (it has 16)',
        'keyImages[0]': 'keyImages[0]: instance 1.2.3.1.1 of series 1.2.3.2 is not in this study',
      },
    });
    expect((err as Error).message).toBe(
      'measurements[1]: instance 9.9.9 of series 1.2.3.2 is not in this study',
    );
    expect(s.replace).not.toHaveBeenCalled();
  });

  it('saves an empty set (clearing every measurement and key image)', async () => {
    const s = setUp(owner, { stored: 1 });
    await expect(save(s, body({ measurements: [], keyImages: [], version: 1 }))).resolves.toMatchObject({
      measurements: [],
      keyImages: [],
      version: 2,
    });
  });
});
