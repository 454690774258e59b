import { gridRow } from '../grid/testing';
import { attachment, imagingRequest, selfUpload } from './fixtures';
import {
  backOf,
  docReqTypeOf,
  logoSrc,
  panelsOf,
  parseOrigin,
  priorsOf,
  recordOf,
  reportDocumentsOf,
  tabsOf,
  titleOf,
} from './record-view.rules';

describe('record view rules', () => {
  it('names the back button after the origin and goes to that page, in both route tables', () => {
    expect(backOf('home')).toEqual({ label: 'Back to Home', path: '/patient/home' });
    expect(backOf('all-requests')).toEqual({
      label: 'Back to My Records',
      path: '/patient/my-records/all-requests',
    });
    expect(backOf('open-requests')).toEqual({
      label: 'Back to Open Requests',
      path: '/patient/my-records/open-requests',
    });
    expect(backOf('favorites')).toEqual({
      label: 'Back to Favorites',
      path: '/patient/my-records/favorites',
    });
    expect(backOf('imaging')).toEqual({ label: 'Back to Imaging', path: '/patient/my-records/imaging' });
    expect(backOf('shared-with-me')).toEqual({
      label: 'Back to Shared With Me',
      path: '/patient/my-records/shared-with-me',
    });
    expect(backOf('sharing')).toEqual({ label: 'Back to Sharing', path: '/patient/sharing-records' });
    expect(backOf(null)).toEqual({ label: 'Back to My Records', path: '/patient/my-records/all-requests' });
    expect(backOf('open-requests', 'legacy').path).toBe('/openRequests');
    expect(backOf('home', 'legacy').path).toBe('/home');
  });

  it('reads only known origins', () => {
    expect(parseOrigin('favorites')).toBe('favorites');
    expect(parseOrigin('javascript:alert(1)')).toBeNull();
    expect(parseOrigin(null)).toBeNull();
  });

  it('titles a study by modality and description, a document by its file name, a self upload by its record name', () => {
    const r = imagingRequest();
    expect(titleOf(r, r.approved_cfind_responses[0])).toBe('MR Brain');
    expect(titleOf(r, r.approved_cfind_responses[1])).toBe('report.pdf');
    const s = selfUpload();
    expect(titleOf(s, s.approved_cfind_responses[0])).toBe('My knee MRI');
  });

  it("takes a study's document request type from its request's imaging type, a document's from its own", () => {
    const r = imagingRequest();
    expect(docReqTypeOf(r, r.approved_cfind_responses[0])).toBe('IMAGES');
    expect(docReqTypeOf(r, r.approved_cfind_responses[1])).toBe('REPORTS');
    const only = imagingRequest({
      document_request: [{ document_request_type: { mnemonic: 'IMAGES_ONLY', name: 'Images only' } }],
    });
    expect(docReqTypeOf(only, only.approved_cfind_responses[0])).toBe('IMAGES_ONLY');
  });

  it('shows Report with attachments or a document file name, Imaging for an IMAGES study when the viewer is on', () => {
    const r = imagingRequest();
    const studyRecord = recordOf(r, 's1')!;
    const docRecord = recordOf(r, 'f1')!;
    expect(tabsOf(studyRecord, [], true)).toEqual(['imaging']);
    expect(tabsOf(studyRecord, [attachment('a1')], true)).toEqual(['report', 'imaging']);
    expect(tabsOf(studyRecord, [attachment('a1')], false)).toEqual(['report']);
    expect(tabsOf(studyRecord, [], false)).toEqual([]);
    expect(tabsOf(docRecord, [], true)).toEqual(['report']);
    const reportsOnly = imagingRequest({
      document_request: [{ document_request_type: { mnemonic: 'REPORTS', name: 'Reports' } }],
    });
    expect(tabsOf(recordOf(reportsOnly, 's1')!, [], true)).toEqual([]);
    const upload = selfUpload('IMAGES');
    expect(tabsOf(recordOf(upload, 's9')!, [], true)).toEqual(['imaging']);
  });

  it('the Report tab of a document shows the document itself when it has no attachments', () => {
    const doc = recordOf(imagingRequest(), 'f1')!;
    expect(reportDocumentsOf(doc, []).map((d) => [d.id, d.file_name])).toEqual([['f1', 'report.pdf']]);
    expect(reportDocumentsOf(doc, [attachment('a1')]).map((d) => d.id)).toEqual(['a1']);
    expect(reportDocumentsOf(recordOf(imagingRequest(), 's1')!, [])).toEqual([]);
  });

  it('hides Manage sharing and Share on open requests, Share in the shared view, and the imaging provider of a self upload', () => {
    const record = recordOf(imagingRequest(), 's1')!;
    expect(panelsOf(record, 'all-requests')).toEqual({
      manageSharing: true,
      share: true,
      imagingProvider: true,
    });
    expect(panelsOf(record, 'open-requests')).toEqual({
      manageSharing: false,
      share: false,
      imagingProvider: true,
    });
    expect(panelsOf(record, 'shared-with-me').share).toBe(false);
    expect(panelsOf(recordOf(selfUpload(), 's9')!, 'home').imagingProvider).toBe(false);
  });

  it('finds no record for a response the request does not have', () => {
    expect(recordOf(imagingRequest(), 'nope')).toBeNull();
  });

  it('makes a logo source of a data URI or bare base64', () => {
    expect(logoSrc('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(logoSrc('AAAA')).toBe('data:image/png;base64,AAAA');
    expect(logoSrc(null)).toBeNull();
  });
});

describe('priorsOf', () => {
  it("offers the other studies of the record's person, newest first, once each, not documents or another person's", () => {
    const rows = [
      gridRow(1, { date: '2026-01-05' }),
      gridRow(2, { date: '2024-03-01' }),
      gridRow(3, { date: '2025-06-01', recordName: 'CT Chest' }),
      gridRow(4, { patientId: 'p2' }),
      gridRow(5, { kind: 'document', study_instance_uid: null }),
      gridRow(6, { study_instance_uid: '1.2.2', date: '2024-03-01' }),
    ];
    expect(priorsOf(rows, 'r1', '1.2.1')).toEqual([
      { studyInstanceUid: '1.2.3', label: 'CT Chest · 2025-06-01', patientRequestId: 'r3' },
      { studyInstanceUid: '1.2.2', label: 'MR Brain 2 · 2024-03-01', patientRequestId: 'r2' },
    ]);
  });

  it('offers none when the record is not in the library (a record shared with the caller)', () => {
    expect(priorsOf([gridRow(2)], 'r1', '1.2.1')).toEqual([]);
  });
});
