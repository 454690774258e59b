import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { ScanRepository } from '../scan.repository';
import { aScan } from '../test-fixtures';
import { GetVideoReports } from './get-video-reports';

describe('GetVideoReports', () => {
  it("lists the scan's videos by name only, and 404 for another patient's scan", async () => {
    const fake = fakeUseCaseKit();
    const scans = stub<ScanRepository>({
      findOwned: jest.fn().mockImplementation(async (_db, u) => (u === 'u1' ? aScan() : null)),
      documents: jest.fn().mockResolvedValue([
        {
          id: 'v1',
          kind: 'VIDEO_REPORT',
          value: { file_name: 'explained.webm' },
          blob_key: 'k',
          position: 0,
        },
      ]),
    });
    const useCase = new GetVideoReports(fake.kit, scans);
    await expect(useCase.execute('u1', 's1', testCaller('u1'))).resolves.toEqual([
      { id: 'v1', file_name: 'explained.webm' },
    ]);
    await expect(useCase.execute('u2', 's1', testCaller('u2'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(fake.audit).toHaveLength(1);
  });
});
