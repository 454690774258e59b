import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { IndexOnRead } from '../../instances/index-on-read';
import type { InstanceReadRepository } from '../../instances/instance-read.repository';
import { readerOfStudy, USER } from '../shared/dicomweb.fixtures';
import { RetrieveMetadata } from './retrieve-metadata';

describe('RetrieveMetadata', () => {
  const setup = (answers: Array<{ body: string | null; missing: number }>) => {
    const fake = fakeUseCaseKit();
    const metadataText = jest.fn(async () => answers.shift()!);
    const fill = jest.fn(async () => 1);
    const useCase = new RetrieveMetadata(
      fake.kit,
      readerOfStudy(),
      stub<InstanceReadRepository>({ metadataText }, 'reads'),
      stub<IndexOnRead>({ fill }, 'indexOnRead'),
    );
    return { fake, fill, useCase };
  };

  it('answers the stored DICOM JSON as it is, audited once', async () => {
    const { fake, fill, useCase } = setup([{ body: '[{"00080018":{"vr":"UI"}}]', missing: 0 }]);
    await expect(useCase.execute(USER, { study: '1.2.3', series: 's' }, testCaller('u1'))).resolves.toBe(
      '[{"00080018":{"vr":"UI"}}]',
    );
    expect(fill).not.toHaveBeenCalled();
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'imaging.metadata-read',
        resourceId: '1.2.3',
        detail: { series: 's', sop: undefined },
      }),
    ]);
  });

  it('indexes instances stored before their metadata was kept, then answers the full text', async () => {
    const { fill, useCase } = setup([
      { body: '[]', missing: 2 },
      { body: '[{},{}]', missing: 0 },
    ]);
    await expect(useCase.execute(USER, { study: '1.2.3' }, testCaller('u1'))).resolves.toBe('[{},{}]');
    expect(fill).toHaveBeenCalledWith({ owner: 'u1', studies: ['1.2.3'], series: undefined, sop: undefined });
  });

  it('answers 404 for nothing stored and for another study', async () => {
    const { useCase } = setup([{ body: null, missing: 0 }]);
    await expect(
      useCase.execute(USER, { study: '1.2.3', series: 's', sop: 'i' }, testCaller('u1')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND', message: expect.stringContaining('Instance') });
    await expect(useCase.execute(USER, { study: '9.9' }, testCaller('u1'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
  });
});
