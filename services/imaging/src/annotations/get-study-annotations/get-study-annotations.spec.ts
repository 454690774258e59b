import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { AccessDecision } from '@portal/server-kit';
import type { InstanceRepository } from '../../instances/instance.repository';
import { studyNotFound } from '../../imaging.errors';
import { type ImagingReader, StudyAccess } from '../../studies/study-access/study-access';
import type { StudyAnnotationRepository } from '../study-annotation.repository';
import { GetStudyAnnotations } from './get-study-annotations';

describe('GetStudyAnnotations', () => {
  const STUDY = '1.2.3';
  const saved = {
    measurements: [
      {
        id: '6f1c2b1e-0d5a-4f43-9a51-2b7f9d1e8c00',
        tool: 'Length' as const,
        seriesUid: '1.2.3.1',
        sopInstanceUid: '1.2.3.1.1',
        frame: 1,
        points: [
          [0, 0, 0],
          [10, 0, 0],
        ] as Array<[number, number, number]>,
        createdAt: '2026-01-02T03:04:05.000Z',
      },
    ],
    keyImages: [{ seriesUid: '1.2.3.1', sopInstanceUid: '1.2.3.1.1', frame: 1, note: 'the lesion' }],
    version: 3,
  };
  const owner: AccessDecision = { owner: 'u1', reason: { kind: 'owner' } };
  const shared: AccessDecision = {
    owner: 'u1',
    reason: { kind: 'share', recipientId: 'r1', sharedBy: 'u1' },
  };
  const link: AccessDecision = { owner: 'u1', reason: { kind: 'link', linkId: 'l1' } };

  const setUp = (decision: AccessDecision | null, instances = 4) => {
    const fake = fakeUseCaseKit();
    const decisionFor = jest.fn(async () => {
      if (!decision) throw studyNotFound();
      return decision;
    });
    const countByStudies = jest.fn(async () => new Map([[STUDY, instances]]));
    const find = jest.fn(async () => saved);
    const useCase = new GetStudyAnnotations(
      fake.kit,
      stub<StudyAccess>({ decisionFor, changesAsOwner: StudyAccess.prototype.changesAsOwner }, 'access'),
      stub<InstanceRepository>({ countByStudies }, 'instances'),
      stub<StudyAnnotationRepository>({ find }, 'annotations'),
    );
    return { fake, useCase, decisionFor, countByStudies, find };
  };
  const user = (userId: string): ImagingReader => ({ userId });

  it("answers the owner's saved set with canWrite, read from the owner's copy, and audits the read", async () => {
    const { fake, useCase, find } = setUp(owner);
    const caller = testCaller('u1');
    await expect(useCase.execute(user('u1'), STUDY, caller)).resolves.toEqual({ ...saved, canWrite: true });
    expect(find).toHaveBeenCalledWith(fake.kit.db, 'u1', STUDY);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'imaging.annotations-read',
        resourceId: STUDY,
        subjectId: 'u1',
        caller,
        detail: { access: 'owner', version: 3 },
      }),
    ]);
  });

  it("lets a shared person and a public link's viewer read the owner's set, without canWrite", async () => {
    for (const [decision, caller, access] of [
      [shared, testCaller('u3'), 'shared by u1'],
      [link, testCaller(null), 'link l1'],
    ] as const) {
      const { fake, useCase, find } = setUp(decision);
      const answer = await useCase.execute(user('u3'), STUDY, caller);
      expect(answer).toEqual({ ...saved, canWrite: false });
      expect(find).toHaveBeenCalledWith(fake.kit.db, 'u1', STUDY);
      expect(fake.audit[0]).toMatchObject({ subjectId: 'u1', detail: { access } });
    }
  });

  it("reads only: the owner's viewer token without the owner's session, and a coordinator's session", async () => {
    const bareToken = setUp(owner);
    expect((await bareToken.useCase.execute(user('u1'), STUDY, testCaller(null))).canWrite).toBe(false);
    const coordinator = setUp(owner);
    expect((await coordinator.useCase.execute(user('u1'), STUDY, testCaller('c1'))).canWrite).toBe(false);
  });

  it('answers 404 for a study the reader may not see, one the owner holds no instance of, and a malformed uid, auditing nothing', async () => {
    const hidden = setUp(null);
    await expect(hidden.useCase.execute(user('u2'), STUDY, testCaller('u2'))).rejects.toMatchObject({
      status: 404,
    });
    const empty = setUp(owner, 0);
    await expect(empty.useCase.execute(user('u1'), STUDY, testCaller('u1'))).rejects.toMatchObject({
      status: 404,
    });
    expect(empty.find).not.toHaveBeenCalled();
    const malformed = setUp(owner);
    await expect(malformed.useCase.execute(user('u1'), '1.2.3/../x', testCaller('u1'))).rejects.toMatchObject(
      { status: 404 },
    );
    expect(malformed.decisionFor).not.toHaveBeenCalled();
    expect([...hidden.fake.audit, ...empty.fake.audit, ...malformed.fake.audit]).toEqual([]);
  });
});
