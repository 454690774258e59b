import type { BlobStore } from '@portal/server-kit';
import { stub } from '@portal/server-kit/testing';
import { GetUploadForm } from './get-upload-form';

describe('GetUploadForm', () => {
  const setup = (limit = 2) => {
    const createUploadForm = jest.fn().mockResolvedValue({ key: 'wizard/govt_id/k' });
    const useCase = new GetUploadForm(stub<BlobStore>({ createUploadForm }, 'blobs'), {
      sensitiveRateLimitPerMinute: limit,
      redisUrl: undefined,
      redisKeyPrefix: 'test:',
    });
    return { createUploadForm, useCase };
  };

  it('hands out a form under wizard/<kind> with the kind’s rules', async () => {
    const { createUploadForm, useCase } = setup();
    await useCase.execute('legal_doc', '203.0.113.7');
    expect(createUploadForm).toHaveBeenCalledWith('wizard/legal_doc', {
      contentTypes: ['application/pdf'],
      maxBytes: 20 * 1024 * 1024,
    });
    await useCase.execute('govt_id', '203.0.113.7');
    expect(createUploadForm).toHaveBeenLastCalledWith('wizard/govt_id', {
      contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
      maxBytes: 10 * 1024 * 1024,
    });
  });

  it('refuses an address over the limit with 429 and Retry-After, while another address still gets forms', async () => {
    const { useCase } = setup(1);
    await useCase.execute('govt_id', '203.0.113.7');
    await expect(useCase.execute('govt_id', '203.0.113.7')).rejects.toMatchObject({
      code: 'REQUEST.RATE_LIMITED',
      headers: { 'retry-after': expect.any(String) },
    });
    await expect(useCase.execute('govt_id', '198.51.100.1')).resolves.toBeDefined();
  });
});
