import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DicomFiles } from '../../instances/dicom-files';
import type { InstanceReadRepository, StoredFile } from '../../instances/instance-read.repository';
import { NoPreview } from '../../studies/thumbnails/render-thumbnail';
import type { ThumbnailRenderer } from '../../studies/thumbnails/thumbnail-renderer';
import { readerOfStudy, USER } from '../shared/dicomweb.fixtures';
import { RetrieveRendered } from './retrieve-rendered';

describe('RetrieveRendered', () => {
  const stored = (series: string, sop: string) => ({ series, sop, fileKey: sop }) as unknown as StoredFile;
  const setup = (
    files: StoredFile[],
    render = jest.fn(async (bytes: Buffer) => ({
      png: Buffer.concat([Buffer.from('png:'), bytes]),
      width: 1,
      height: 1,
    })),
  ) => {
    const fake = fakeUseCaseKit();
    const useCase = new RetrieveRendered(
      fake.kit,
      readerOfStudy(),
      stub<InstanceReadRepository>({ files: async () => files }, 'reads'),
      stub<DicomFiles>({ read: async (key: string) => Buffer.from(key) }, 'files'),
      stub<ThumbnailRenderer>({ render }, 'renderer'),
    );
    return { fake, useCase };
  };

  it('draws the middle instance of the first series of a study, audited', async () => {
    const { fake, useCase } = setup([
      stored('s1', 'a'),
      stored('s1', 'b'),
      stored('s1', 'c'),
      stored('s2', 'z'),
    ]);
    await expect(useCase.execute(USER, { study: '1.2.3' }, testCaller('u1'))).resolves.toEqual(
      Buffer.from('png:b'),
    );
    expect(fake.audit).toEqual([
      expect.objectContaining({ action: 'imaging.rendered-read', detail: { sop: 'b' } }),
    ]);
  });

  it("answers 'No Preview Available' for what cannot be drawn, 404 for nothing stored or another study", async () => {
    const cannot = setup(
      [stored('s1', 'a')],
      jest.fn(async (_bytes: Buffer) => Promise.reject(new NoPreview('cannot'))),
    );
    await expect(cannot.useCase.execute(USER, { study: '1.2.3' }, testCaller('u1'))).rejects.toMatchObject({
      message: 'No Preview Available',
    });
    await expect(
      setup([]).useCase.execute(USER, { study: '1.2.3', series: 's' }, testCaller('u1')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
    await expect(
      setup([stored('s1', 'a')]).useCase.execute(USER, { study: '9.9' }, testCaller('u1')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND' });
  });
});
