import { FacilitySourceClient } from '@portal/server-kit';
import type { SmartFhirSourceConfig } from '@portal/contracts';
import { multipartBody } from '../dicomweb/shared/multipart';
import { listInstances, retrieveInstance } from './wado-retrieve';

const source: SmartFhirSourceConfig = {
  id: 'pacs',
  custodianId: '00000000-0000-4000-8000-000000000001',
  facilityName: 'St. Mary Imaging Center',
  kind: 'dicomweb',
  baseUrl: 'http://pacs.test/dicom-web',
};
const answering = (res: () => Response) => {
  const client = new FacilitySourceClient();
  jest.spyOn(client, 'fetch').mockImplementation(async () => res());
  return client;
};
const uid = (tag: string, v: string) => ({ [tag]: { vr: 'UI', Value: [v] } });

describe('study move: QIDO-RS list and WADO-RS retrieve', () => {
  it("lists the study's instances, dropping bad UIDs and instances of another study", async () => {
    const client = answering(
      () =>
        new Response(
          JSON.stringify([
            { ...uid('0020000D', '1.2.3'), ...uid('0020000E', '1.2.3.1'), ...uid('00080018', '1.2.3.1.1') },
            { ...uid('0020000D', '1.2.3'), ...uid('0020000E', '1.2.3.1'), ...uid('00080018', '../x') },
            { ...uid('0020000D', '9.9.9'), ...uid('0020000E', '9.9.9.1'), ...uid('00080018', '9.9.9.1.1') },
          ]),
        ),
    );
    expect(
      await listInstances(client, source, 'http://pacs.test/dicom-web', '1.2.3', Date.now() + 1000),
    ).toEqual([{ series: '1.2.3.1', sop: '1.2.3.1.1' }]);
  });

  it('takes the one Part 10 part of a multipart answer, or a bare application/dicom one', async () => {
    const file = Buffer.from('DICM-bytes');
    const multipart = answering(
      () =>
        new Response(new Uint8Array(multipartBody('b1', 'application/dicom', [file])), {
          headers: { 'content-type': 'multipart/related; type="application/dicom"; boundary=b1' },
        }),
    );
    const i = { series: '1.2.3.1', sop: '1.2.3.1.1' };
    expect(await retrieveInstance(multipart, source, source.baseUrl, '1.2.3', i, Date.now() + 1000)).toEqual(
      file,
    );
    const bare = answering(
      () => new Response(new Uint8Array(file), { headers: { 'content-type': 'application/dicom' } }),
    );
    expect(await retrieveInstance(bare, source, source.baseUrl, '1.2.3', i, Date.now() + 1000)).toEqual(file);
    const html = answering(() => new Response('<html>', { headers: { 'content-type': 'text/html' } }));
    await expect(
      retrieveInstance(html, source, source.baseUrl, '1.2.3', i, Date.now() + 1000),
    ).rejects.toThrow('text/html');
  });
});
