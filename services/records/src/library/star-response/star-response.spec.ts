import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { StarRepository } from '../star.repository';
import { StarResponse } from './star-response';

const input = { patientRequestId: 'r1', cfindResponseId: 's1', docReqType: 'IMAGES' };

const setup = (owns: boolean) => {
  const fake = fakeUseCaseKit();
  const repo = { ownsResponse: jest.fn().mockResolvedValue(owns), star: jest.fn(), unstar: jest.fn() };
  return { fake, repo, useCase: new StarResponse(fake.kit, stub<StarRepository>(repo, 'stars')) };
};

describe('StarResponse', () => {
  it("stars and unstars the caller's own response in one transaction, audited", async () => {
    const { fake, repo, useCase } = setup(true);
    await expect(useCase.execute('u1', input, true, testCaller('u1'))).resolves.toEqual({ starred: true });
    expect(repo.ownsResponse).toHaveBeenCalledWith(fake.tx, 'u1', 'r1', 's1');
    expect(repo.star).toHaveBeenCalledWith(fake.tx, 'u1', 'r1', 's1');
    await expect(useCase.execute('u1', input, false, testCaller('u1'))).resolves.toEqual({ starred: false });
    expect(repo.unstar).toHaveBeenCalledWith(fake.tx, 'u1', 's1');
    expect(fake.audit.map((a) => [a.action, a.resourceId])).toEqual([
      ['records.starred', 's1'],
      ['records.unstarred', 's1'],
    ]);
  });

  it("answers 404 for a response that is not the caller's or not of that request, changing nothing", async () => {
    const { fake, repo, useCase } = setup(false);
    await expect(useCase.execute('u2', input, true, testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
      message: 'Record not found',
    });
    expect(repo.star).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
  });
});
