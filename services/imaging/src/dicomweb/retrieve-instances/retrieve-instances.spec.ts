import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { DicomFiles } from '../../instances/dicom-files';
import type { InstanceReadRepository, StoredFile } from '../../instances/instance-read.repository';
import { readerOfStudy, USER } from '../shared/dicomweb.fixtures';
import { readMultipart } from '../shared/multipart';
import { RetrieveInstances } from './retrieve-instances';

describe('RetrieveInstances', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'instances-'));
  fs.writeFileSync(path.join(dir, 'a'), 'first file');
  fs.writeFileSync(path.join(dir, 'b'), 'second file');
  const files = jest.fn(async () => [{ fileKey: 'a' }, { fileKey: 'b' }] as StoredFile[]);
  const setup = () => {
    const fake = fakeUseCaseKit();
    const useCase = new RetrieveInstances(
      fake.kit,
      readerOfStudy(),
      stub<InstanceReadRepository>({ files }, 'reads'),
      stub<DicomFiles>({ pathOf: (key: string) => path.join(dir, key) }, 'files'),
    );
    return { fake, useCase };
  };

  it("streams the owner's stored files one part each, application/dicom, and audits the read", async () => {
    const { fake, useCase } = setup();
    const answer = await useCase.execute(USER, { study: '1.2.3' }, testCaller('u1'));
    const chunks: Buffer[] = [];
    for await (const c of answer.body) chunks.push(c as Buffer);
    const boundary = /boundary=(\S+)/.exec(answer.contentType)![1];
    expect(answer.contentType).toContain('type="application/dicom"');
    expect(readMultipart(Buffer.concat(chunks), boundary)!.map((p) => p.body.toString())).toEqual([
      'first file',
      'second file',
    ]);
    expect(files).toHaveBeenCalledWith(expect.anything(), {
      owner: 'u1',
      studies: ['1.2.3'],
      series: undefined,
      sop: undefined,
    });
    expect(fake.audit).toEqual([
      expect.objectContaining({
        action: 'imaging.instances-retrieved',
        resourceId: '1.2.3',
        subjectId: 'u1',
      }),
    ]);
  });

  it('answers 404 naming what is missing, and for another study, auditing nothing', async () => {
    const { fake, useCase } = setup();
    files.mockResolvedValueOnce([]);
    await expect(
      useCase.execute(USER, { study: '1.2.3', series: 's' }, testCaller('u1')),
    ).rejects.toMatchObject({ code: 'RESOURCE.NOT_FOUND', message: expect.stringContaining('Series') });
    await expect(useCase.execute(USER, { study: '9.9' }, testCaller('u1'))).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(fake.audit).toEqual([]);
  });
});
