import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { REQUESTS_API } from '@portal/contracts';
import type { DiskBlobStore } from '../blob/blob-store';
import { BLOB_STORE } from '../platform.module';
import { call } from './index';

/** A real 1×1 PNG: a photo ID and a drawn signature that pass the checks by content. */
export const TEST_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** The smallest PDF a content check accepts: a legal document, a facility's report. */
export const TEST_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * The wizard's request as other contexts' tests raise it: the photo ID through the presigned flow
 * (the form, then the file handed with its inputs to the disk store's upload target, as the gateway's
 * /api/blob/upload does), then requestPatientRecord for the patient themself with `fields` on top.
 */
export const submitPatientRequest = async (
  app: NestFastifyApplication,
  token: string,
  fields: Record<string, unknown>,
) => {
  const form = await call(app, 'GET', `${REQUESTS_API.uploadForm}?kind=govt_id`);
  await app.get<DiskBlobStore>(BLOB_STORE).acceptUpload(form.body.inputs, TEST_PNG);
  return call(app, 'POST', REQUESTS_API.requestPatientRecord, {
    token,
    body: {
      requestFiller: 'self',
      idProof: { s3_bucket: '', s3_path: form.body.key, file_name: 'govt_id.png' },
      signature: `data:image/png;base64,${TEST_PNG.toString('base64')}`,
      electronicSignatureConsent: true,
      ...fields,
    },
  });
};
