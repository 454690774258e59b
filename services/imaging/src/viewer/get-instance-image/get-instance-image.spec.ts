import { fakeUseCaseKit, stub } from '@portal/server-kit/testing';
import type { DicomFiles } from '../../instances/dicom-files';
import type { InstanceReadRepository } from '../../instances/instance-read.repository';
import type { DicomwebReader } from '../../dicomweb/shared/dicomweb-reader';
import { NoPreview } from '../../studies/thumbnails/render-thumbnail';
import type { ThumbnailRenderer } from '../../studies/thumbnails/thumbnail-renderer';
import { GetInstanceImage } from './get-instance-image';

describe('GetInstanceImage', () => {
  const rows = [{ series: 's', sop: 'i', frames: 3 }];
  const render = jest.fn(async (_b: Buffer, _size?: number, frame?: number) => {
    if (frame === 2) throw new NoPreview('cannot');
    return { png: Buffer.from([1, 2, 3]), width: 1, height: 1 };
  });
  const useCase = new GetInstanceImage(
    fakeUseCaseKit().kit,
    stub<DicomwebReader>({ studyOf: async () => ({ owner: 'u1', reason: { kind: 'owner' } }) }, 'readers'),
    stub<InstanceReadRepository>(
      { viewerInstances: async () => rows as never, files: async () => [{ fileKey: 'k' }] as never },
      'reads',
    ),
    stub<DicomFiles>({ read: async () => Buffer.from('dicom') }, 'files'),
    stub<ThumbnailRenderer>({ render }, 'renderer'),
  );
  const reader = { userId: 'u1' };

  it('draws the asked frame (1-based) as base64 PNG', async () => {
    await expect(useCase.execute(reader, { study: 'st', series: 's', sop: 'i', frame: 2 })).resolves.toEqual({
      data: 'AQID',
    });
    expect(render).toHaveBeenLastCalledWith(expect.any(Buffer), 1024, 1);
  });

  it('answers 404 for another instance, a frame beyond the instance, frame 0, and No Preview for what cannot be drawn', async () => {
    await expect(
      useCase.execute(reader, { study: 'st', series: 's', sop: 'x', frame: 1 }),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    for (const frame of [0, 4, NaN])
      await expect(
        useCase.execute(reader, { study: 'st', series: 's', sop: 'i', frame }),
      ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    await expect(
      useCase.execute(reader, { study: 'st', series: 's', sop: 'i', frame: 3 }),
    ).rejects.toMatchObject({ message: 'No Preview Available' });
  });
});
