import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DicomFiles } from '../../instances/dicom-files';
import type { InstanceRepository } from '../../instances/instance.repository';
import type { StudyAccess } from '../../studies/study-access/study-access';
import { NoPreview } from '../../studies/thumbnails/render-thumbnail';
import type { ThumbnailRenderer } from '../../studies/thumbnails/thumbnail-renderer';
import { GetInstanceImage, INSTANCE_IMAGE_SIZE } from './get-instance-image';

describe('GetInstanceImage', () => {
  const setup = (render: () => Promise<{ png: Buffer; width: number; height: number }> = async () => ({ png: Buffer.from('png'), width: 1, height: 1 })) => {
    const fake = fakeUseCaseKit();
    const readerOf = jest.fn(async () => ({ userId: 'u1' }));
    const ownerFor = jest.fn(async () => 'u1');
    const instanceFile = jest.fn(async (_db, _o, _s, _se, sop: string) => (sop === '1.2.3.1.1' ? { fileKey: 'k.dcm', frames: 3 } : null));
    const read = jest.fn(async () => Buffer.from('DICM'));
    const renderer = { render: jest.fn(render) };
    const useCase = new GetInstanceImage(
      fake.kit,
      stub<StudyAccess>({ readerOf, ownerFor }, 'access'),
      stub<InstanceRepository>({ instanceFile }, 'instances'),
      stub<DicomFiles>({ read }, 'files'),
      stub<ThumbnailRenderer>(renderer, 'renderer'),
    );
    return { fake, renderer, useCase };
  };
  const path = (instance: string, frame: string) => ({ study: '1.2.3', series: '1.2.3.1', instance, frame });
  const req = { headers: {} };

  it('draws frame n (from 1) at viewer size, as base64, audited', async () => {
    const { fake, renderer, useCase } = setup();
    await expect(useCase.execute(req, path('1.2.3.1.1', '3'), testCaller('u1'))).resolves.toEqual({ data: Buffer.from('png').toString('base64') });
    expect(renderer.render).toHaveBeenCalledWith(Buffer.from('DICM'), { size: INSTANCE_IMAGE_SIZE, frame: 2 });
    expect(fake.audit).toEqual([expect.objectContaining({ action: 'imaging.instance-image-read', resourceId: '1.2.3.1.1', subjectId: 'u1' })]);
  });

  it('answers 404 for a frame beyond the instance, frame 0, a frame that is no number and an unknown instance', async () => {
    const { fake, renderer, useCase } = setup();
    for (const [instance, frame] of [['1.2.3.1.1', '4'], ['1.2.3.1.1', '0'], ['1.2.3.1.1', '1e3'], ['9.9', '1']]) {
      await expect(useCase.execute(req, path(instance, frame), testCaller('u1'))).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    }
    expect(renderer.render).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
  });

  it("answers 'No Preview Available' for pixel data that cannot be drawn", async () => {
    const { useCase } = setup(async () => Promise.reject(new NoPreview('HSV')));
    await expect(useCase.execute(req, path('1.2.3.1.1', '1'), testCaller('u1'))).rejects.toMatchObject({ message: 'No Preview Available' });
  });
});
