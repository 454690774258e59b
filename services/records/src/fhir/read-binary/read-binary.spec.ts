import { Readable } from 'node:stream';
import type { BlobStore } from '@portal/server-kit';
import { fakeUseCaseKit, stub, testCaller } from '@portal/server-kit/testing';
import type { FhirResourceRepository } from '../resources/fhir-resource.repository';
import { anApp, AT, DOCUMENT, PATIENT } from '../test-fixtures';
import { ReadBinary } from './read-binary';

describe('ReadBinary', () => {
  const setup = (found = true) => {
    const fake = fakeUseCaseKit();
    const document = jest.fn().mockResolvedValue(
      found
        ? {
            id: DOCUMENT,
            blob_key: 'provider/d1',
            content_type: 'application/pdf',
            file_name: 'r.pdf',
            size: '4',
            created_at: AT,
          }
        : null,
    );
    const stream = Readable.from([Buffer.from('%PDF')]);
    const blobs = stub<BlobStore>(
      {
        read: jest.fn().mockResolvedValue(Buffer.from('%PDF')),
        readStream: jest.fn().mockResolvedValue(stream),
      },
      'blobs',
    );
    const useCase = new ReadBinary(fake.kit, stub<FhirResourceRepository>({ document }, 'repository'), blobs);
    return { fake, document, stream, useCase };
  };

  it("streams the patient's document in its own type, audited as a Binary read", async () => {
    const { fake, document, stream, useCase } = setup();
    await expect(useCase.execute(anApp(), DOCUMENT, false, testCaller())).resolves.toEqual({
      stream,
      contentType: 'application/pdf',
      fileName: 'r.pdf',
    });
    expect(document).toHaveBeenCalledWith(fake.kit.db, PATIENT, DOCUMENT);
    expect(fake.audit).toEqual([
      expect.objectContaining({
        resourceId: `Binary/${DOCUMENT}`,
        detail: expect.objectContaining({ reads: { Binary: 1 } }),
      }),
    ]);
  });

  it('answers a Binary resource in base64 when the app asks for FHIR JSON', async () => {
    const { useCase } = setup();
    await expect(useCase.execute(anApp(), DOCUMENT, true, testCaller())).resolves.toEqual({
      resource: expect.objectContaining({
        resourceType: 'Binary',
        contentType: 'application/pdf',
        data: 'JVBERg==',
      }),
    });
  });

  it('answers 404 for a missing document or an id that is no uuid, and 403 without Binary.r', async () => {
    await expect(setup(false).useCase.execute(anApp(), DOCUMENT, false, testCaller())).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    const { document, useCase } = setup();
    await expect(useCase.execute(anApp(), '../x', false, testCaller())).rejects.toMatchObject({
      code: 'RESOURCE.NOT_FOUND',
    });
    expect(document).not.toHaveBeenCalled();
    await expect(
      useCase.execute(anApp(['patient/DocumentReference.rs']), DOCUMENT, false, testCaller()),
    ).rejects.toMatchObject({ code: 'AUTH.FORBIDDEN' });
  });
});
