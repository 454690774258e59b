import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DicomFiles } from '../../instances/dicom-files';
import type { InstanceRepository } from '../../instances/instance.repository';
import type { StudyAccess } from '../study-access/study-access';
import { NoPreview } from '../thumbnails/render-thumbnail';
import type { ThumbnailRenderer } from '../thumbnails/thumbnail-renderer';
import { GetStudyThumbnail, thumbnailKey } from './get-study-thumbnail';

const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47]);

describe('GetStudyThumbnail', () => {
  const setup = (
    render: () => Promise<{ png: Buffer; width: number; height: number }> = async () => ({
      png: PNG_BYTES,
      width: 256,
      height: 256,
    }),
  ) => {
    const fake = fakeUseCaseKit();
    const blobs = new Map<string, Buffer>();
    const store = stub<BlobStore>(
      {
        exists: jest.fn(async (k: string) => blobs.has(k)),
        read: jest.fn(async (k: string) => blobs.get(k)!),
        write: jest.fn(async (k: string, b: Buffer) => void blobs.set(k, b)),
      },
      'blobs',
    );
    const decide = jest.fn(async (_db, userId: string, study: string) =>
      userId === 'u1' && study === '1.2.3' ? { owner: 'u1', reason: { kind: 'owner' as const } } : null,
    );
    const thumbnailSource = jest.fn(async () => ({
      sopInstanceUid: '1.2.3.10',
      fileKey: '1.2.3/1.2.3.1/1.2.3.10.dcm',
    }));
    const read = jest.fn(async () => Buffer.from('DICM'));
    const renderer = { render: jest.fn(render) };
    const useCase = new GetStudyThumbnail(
      fake.kit,
      store,
      stub<StudyAccess>({ decide }, 'access'),
      stub<InstanceRepository>({ thumbnailSource }, 'instances'),
      stub<DicomFiles>({ read }, 'files'),
      stub<ThumbnailRenderer>(renderer, 'renderer'),
    );
    return { fake, blobs, read, renderer, thumbnailSource, useCase };
  };

  it("renders the owner's study once from its source instance, keeps it, and serves the cache afterwards; each read audited", async () => {
    const { fake, blobs, read, renderer, thumbnailSource, useCase } = setup();
    await expect(useCase.execute('u1', '1.2.3', testCaller('u1'))).resolves.toEqual({
      png: PNG_BYTES,
      cached: false,
    });
    expect(thumbnailSource).toHaveBeenCalledWith(fake.kit.db, 'u1', '1.2.3');
    expect(read).toHaveBeenCalledWith('1.2.3/1.2.3.1/1.2.3.10.dcm');
    expect(blobs.get(thumbnailKey('1.2.3', '1.2.3.10'))).toEqual(PNG_BYTES);
    expect(thumbnailKey('1.2.3', '1.2.3.10')).toBe('imaging/thumbnails/1.2.3/1.2.3.10.png');
    // A SOP UID from a hostile file stays inside the folder.
    const hostile = thumbnailKey('1.2.3', '../../records/x');
    expect(hostile.startsWith('imaging/thumbnails/1.2.3/')).toBe(true);
    expect(hostile.slice('imaging/thumbnails/1.2.3/'.length)).not.toMatch(/\/|\.\./);
    await expect(useCase.execute('u1', '1.2.3', testCaller('u1'))).resolves.toEqual({
      png: PNG_BYTES,
      cached: true,
    });
    expect(renderer.render).toHaveBeenCalledTimes(1);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'imaging.thumbnail-read',
        resourceType: 'study',
        resourceId: '1.2.3',
        subjectId: 'u1',
        detail: expect.objectContaining({ access: 'owner' }),
      }),
      expect.objectContaining({ action: 'imaging.thumbnail-read', resourceId: '1.2.3' }),
    ]);
  });

  it('renders a study asked for twice at once only once', async () => {
    const { renderer, useCase } = setup();
    const [a, b] = await Promise.all([
      useCase.execute('u1', '1.2.3', testCaller('u1')),
      useCase.execute('u1', '1.2.3', testCaller('u1')),
    ]);
    expect(a.png).toEqual(b.png);
    expect(renderer.render).toHaveBeenCalledTimes(1);
  });

  it("answers 404 for another user's study, an unknown one and a UID that is no UID, reading and auditing nothing", async () => {
    const { fake, read, thumbnailSource, useCase } = setup();
    for (const [user, study] of [
      ['u2', '1.2.3'],
      ['u1', '9.9.9'],
      ['u1', '../../etc/passwd'],
      ['u1', '1'.repeat(65)],
    ]) {
      await expect(useCase.execute(user, study, testCaller(user))).rejects.toMatchObject({
        code: 'RESOURCE.NOT_FOUND',
        message: 'Study not found',
      });
    }
    expect(thumbnailSource).not.toHaveBeenCalled();
    expect(read).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([]);
  });

  it("answers 404 'No Preview Available' for pixel data that cannot be decoded, and remembers it rather than decoding again", async () => {
    const { blobs, renderer, useCase } = setup(async () =>
      Promise.reject(new NoPreview('photometric HSV is not supported')),
    );
    for (let i = 0; i < 2; i++)
      await expect(useCase.execute('u1', '1.2.3', testCaller('u1'))).rejects.toMatchObject({
        code: 'RESOURCE.NOT_FOUND',
        message: 'No Preview Available',
      });
    expect(renderer.render).toHaveBeenCalledTimes(1);
    expect([...blobs.keys()]).toEqual(['imaging/thumbnails/1.2.3/1.2.3.10.none']);
  });
});
