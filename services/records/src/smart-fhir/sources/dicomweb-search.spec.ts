import { FacilitySourceClient } from '@portal/server-kit';
import { aSource } from '../test-fixtures';
import { searchDicomWeb } from './dicomweb-search';

const pat = { mrn: null, firstName: 'Pat', lastName: 'Jordan', dateOfBirth: '1984-03-12' };
const source = aSource({ kind: 'dicomweb', baseUrl: 'http://pacs.test/dicom-web' });

/** A FacilitySourceClient whose fetch answers `body` and records the URL asked. */
const clientAnswering = (body: unknown) => {
  const client = new FacilitySourceClient();
  const urls: string[] = [];
  jest.spyOn(client, 'fetch').mockImplementation(async (_s, url) => {
    urls.push(url);
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/dicom+json' } });
  });
  return { client, urls };
};
const study = (over: Record<string, unknown> = {}) => ({
  '0020000D': { vr: 'UI', Value: ['1.2.840.1.2.3'] },
  '00080061': { vr: 'CS', Value: ['CT', 'SR'] },
  '00081030': { vr: 'LO', Value: ['CT HEAD\u0007 W/O'] },
  '00080090': { vr: 'PN', Value: [{ Alphabetic: 'Carter^Joan' }] },
  '00080050': { vr: 'SH', Value: ['A77'] },
  '00080020': { vr: 'DA', Value: ['20210914'] },
  '00201208': { vr: 'IS', Value: [12] },
  '00100030': { vr: 'DA', Value: ['19840312'] },
  ...over,
});

describe('searchDicomWeb', () => {
  it('asks QIDO-RS by name and birth date without an MRN, and by PatientID with one', async () => {
    const a = clientAnswering([]);
    await searchDicomWeb(a.client, source, pat, Date.now() + 1000, new AbortController().signal);
    const q = new URL(a.urls[0]).searchParams;
    expect([q.get('PatientName'), q.get('PatientBirthDate'), q.get('PatientID')]).toEqual([
      'JORDAN^PAT',
      '19840312',
      null,
    ]);
    expect(q.getAll('includefield')).toContain('00080050');
    const b = clientAnswering([]);
    await searchDicomWeb(
      b.client,
      source,
      { ...pat, mrn: 'SM-1' },
      Date.now() + 1000,
      new AbortController().signal,
    );
    expect(new URL(b.urls[0]).searchParams.get('PatientID')).toBe('SM-1');
  });

  it("maps a study to the page's words, cleaned, movable from the same root", async () => {
    const { client } = clientAnswering([study()]);
    expect(
      await searchDicomWeb(client, source, pat, Date.now() + 1000, new AbortController().signal),
    ).toEqual([
      {
        studyInstanceUid: '1.2.840.1.2.3',
        modality: 'CT/SR',
        description: 'CT HEAD  W/O',
        referringPhysician: 'Joan Carter',
        accessionNumber: 'A77',
        studyDate: '2021-09-14',
        numberOfInstances: 12,
        wadoRoot: 'http://pacs.test/dicom-web',
      },
    ]);
  });

  it("drops a study that is not a real UID, and one whose birth date is someone else's", async () => {
    const { client } = clientAnswering([
      study({ '0020000D': { vr: 'UI', Value: ['../../etc/passwd'] } }),
      study({ '00100030': { vr: 'DA', Value: ['19900101'] } }),
    ]);
    expect(
      await searchDicomWeb(client, source, pat, Date.now() + 1000, new AbortController().signal),
    ).toEqual([]);
  });

  it('refuses an answer that is not a list of studies, and a patient without a birth date or MRN', async () => {
    const { client } = clientAnswering({ resourceType: 'Bundle' });
    await expect(
      searchDicomWeb(client, source, pat, Date.now() + 1000, new AbortController().signal),
    ).rejects.toThrow('The facility answered something other than studies');
    await expect(
      searchDicomWeb(
        client,
        source,
        { ...pat, dateOfBirth: null },
        Date.now() + 1000,
        new AbortController().signal,
      ),
    ).rejects.toThrow('date of birth');
  });
});
