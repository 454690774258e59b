/** Test helpers of the whole-body-scan screens (never imported by the app): scans, findings and their calls. */
import {
  WHOLE_BODY_SCAN_API,
  type ConsultRequest,
  type Finding,
  type FindingDocuments,
  type FindingOutcome,
  type FollowUpTask,
  type PatientPlusLauncher,
  type ScanBodyPart,
  type VideoReport,
  type WholeBodyScan,
  type WholeBodyScanListItem,
} from '@portal/contracts';
import { fakeApi, type FakeCall, type FakeRoutes } from '../testing';

export const SCAN_ID = '5b1f8a2e-3c4d-4e5f-8a9b-0c1d2e3f4a5b';
export const ORG_A = { id: 'org-a', name: 'Clearview Body Imaging' };
export const ORG_B = { id: 'org-b', name: 'Northside Scan Center' };

export const finding = (
  id: string,
  name: string,
  parts: ScanBodyPart[],
  over: Partial<Finding> & { outcome?: FindingOutcome | null } = {},
): Finding => {
  const { outcome, ...rest } = over;
  return {
    id,
    organization_whole_body_scan_finding_type: {
      id: `type-${id}`,
      name,
      icon: 'favorite',
      wiki: `${name} explained.\n\nA second paragraph about ${name}.`,
      body_parts: parts.map((mnemonic) => ({ body_part: { mnemonic } })),
    },
    whole_body_scan_finding_outcome: outcome ? { mnemonic: outcome, name: '' } : null,
    child_findings: [],
    pathology_finding: null,
    change: null,
    document_counts: { key_images: 0, pdf_reports: 0, recommended_next_steps: 0 },
    ...rest,
  };
};

export const consultRequest = (over: Partial<ConsultRequest> = {}): ConsultRequest => ({
  id: 'c1',
  status: { mnemonic: 'SCHEDULED', name: 'Scheduled' },
  patient: { first_name: 'Ann', last_name: 'Lee' },
  note: 'Please explain the liver finding',
  created: '2026-01-10T09:00:00.000Z',
  video_meetings: [
    {
      id: 'm1',
      meeting_link: '/videoMeeting/m1/p1',
      scheduled_start_time: '2026-02-01T15:30:00.000Z',
      scheduled_end_time: '2026-02-01T16:00:00.000Z',
      ended: false,
    },
  ],
  ...over,
});

const heart = finding('f-heart', 'Heart', ['HEART'], {
  outcome: 'MAJOR_FINDING',
  change: 'NEW',
  pathology_finding: { name: 'Coronary calcification', description: 'Calcium in the coronary arteries.' },
});
const liver = finding('f-liver', 'Liver', ['LIVER', 'SPINE'], {
  child_findings: [
    finding('f-cyst', 'Liver cyst', ['LIVER'], { outcome: 'MINOR_FINDING', change: 'STABLE' }),
  ],
});
const spine = finding('f-spine', 'Spine', ['SPINE']);
const uterus = finding('f-uterus', 'Uterus', ['UTERUS']);

export const scan = (over: Partial<WholeBodyScan> = {}): WholeBodyScan => ({
  id: SCAN_ID,
  scan_date: '2026-01-05',
  created: '2026-01-06T10:00:00.000Z',
  organization: ORG_A,
  patient: { first_name: 'Ann', last_name: 'Lee', patient_sex: { mnemonic: 'FEMALE', name: 'Female' } },
  findings: [heart, liver, spine, uterus],
  consult_requests: [],
  prior_scan: null,
  ...over,
});

export const listItem = (
  id: string,
  organization: { id: string; name: string },
  scan_date: string,
  over: Partial<WholeBodyScanListItem> = {},
): WholeBodyScanListItem => ({
  id,
  scan_date,
  created: `${scan_date}T12:00:00.000Z`,
  organization,
  patient: { first_name: 'Ann', last_name: 'Lee', patient_sex: { mnemonic: 'FEMALE', name: 'Female' } },
  findings_count: 3,
  top_outcome: 'MAJOR_FINDING',
  ...over,
});

export const documents = (over: Partial<FindingDocuments> = {}): FindingDocuments => ({
  key_images: [],
  pdf_reports: [],
  recommended_next_steps: [],
  ...over,
});

export const followUp = (id: string, over: Partial<FollowUpTask> = {}): FollowUpTask => ({
  id,
  whole_body_scan_id: SCAN_ID,
  finding_id: 'f-heart',
  next_step_id: `s-${id}`,
  title: `Follow-up ${id}`,
  subtitle: '',
  due_date: '2099-01-01',
  done_at: null,
  result: null,
  ...over,
});

export interface ScanFake {
  scan?: WholeBodyScan;
  documents?: Record<string, FindingDocuments>;
  videos?: VideoReport[];
  followUps?: FollowUpTask[];
  launchers?: PatientPlusLauncher[];
  list?: WholeBodyScanListItem[];
  consultation?: [number, unknown];
  extra?: FakeRoutes;
}

/** The patient's calls of one scan answered from `fake`; a key image's rendered url answers bytes. */
export const fakeScanApi = (fake: ScanFake = {}): FakeCall[] => {
  const s = fake.scan ?? scan();
  const api = WHOLE_BODY_SCAN_API;
  const routes: FakeRoutes = {
    [`GET ${api.loadGrid}`]: [200, fake.list ?? []],
    [`GET ${api.patientPlusUIData}`]: [200, fake.launchers ?? []],
    [`GET ${api.scan(s.id)}`]: [200, s],
    [`GET ${api.videoReports(s.id)}`]: [200, fake.videos ?? []],
    [`GET ${api.followUps}`]: [200, fake.followUps ?? []],
    [`POST ${api.requestConsultation}`]: fake.consultation ?? [201, { id: 'c-new' }],
    ...fake.extra,
  };
  for (const f of [...s.findings, ...s.findings.flatMap((x) => x.child_findings)]) {
    const docs = fake.documents?.[f.id] ?? documents();
    routes[`GET ${api.findingDocuments(s.id, f.id)}`] = [200, docs];
    for (const k of docs.key_images)
      routes[`GET ${api.findingDocument(s.id, f.id, k.id)}`] = [
        200,
        { identifier: `id-${k.id}`, url: `/api/imaging/rendered/${k.id}` },
      ];
    for (const p of docs.pdf_reports)
      routes[`GET ${api.findingDocument(s.id, f.id, p.id)}`] = [200, { identifier: `id-${p.id}` }];
  }
  for (const v of fake.videos ?? [])
    routes[`GET ${api.videoReport(s.id, v.id)}`] = [200, { url: `/api/download/video-${v.id}` }];
  const calls = fakeApi(routes);
  const json = global.fetch;
  global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (!path.startsWith('/api/imaging/rendered/')) return json(input, init);
    calls.push({ method: 'GET', path, query: new URLSearchParams(), body: {} });
    return { ok: true, status: 200, blob: async () => new Blob(['png']) } as unknown as Response;
  }) as typeof fetch;
  return calls;
};
