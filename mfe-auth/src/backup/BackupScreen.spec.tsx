import { act, fireEvent, screen } from '@testing-library/react';
import {
  FHIR_ACCESS_API,
  FHIR_API,
  MESSAGES,
  SMART_PAGES,
  backupChangesSince,
  type BackupStatus,
} from '@portal/contracts';
import { setRouteTable } from '@portal/session';
import { fakeApi, renderAt, signIn, type FakeCall, type FakeRoutes } from '../components/testing';
import { formatDayTime } from '../components/when';
import { browserNavigation } from '../components/browser-navigation';
import { exportFilePath } from './backup.api';
import BackupScreen, { BACKUP_POLL_MS } from './BackupScreen';

const NONE: BackupStatus = {
  state: 'none',
  startedAt: null,
  completedAt: null,
  since: null,
  files: [],
  images: [],
  error: null,
};
const RUNNING: BackupStatus = { ...NONE, state: 'in-progress', startedAt: '2026-03-05T09:00:00.000Z' };
const patientFile = FHIR_API.exportFile('e1', 'Patient.ndjson');
const DONE: BackupStatus = {
  ...RUNNING,
  state: 'completed',
  completedAt: '2026-03-05T09:00:06.000Z',
  files: [
    // The manifest may give absolute URLs (Bulk Data) or paths.
    { type: 'Patient', url: `http://localhost${patientFile}`, count: 1 },
    { type: 'ImagingStudy', url: FHIR_API.exportFile('e1', 'ImagingStudy.ndjson'), count: 3 },
  ],
  images: [
    { url: '/api/imaging/archive/t1', studies: 50 },
    { url: '/api/imaging/archive/t2', studies: 3 },
  ],
};
const FAILED: BackupStatus = { ...RUNNING, state: 'failed', error: 'The export ran out of time' };

const advance = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const gets = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === FHIR_ACCESS_API.backup).length;
const posts = (calls: FakeCall[]) =>
  calls.filter((c) => c.method === 'POST' && c.path === FHIR_ACCESS_API.startBackup).map((c) => c.body);
const state = () => screen.getByTestId('backup-status').getAttribute('data-state');
const button = (testId: string) => screen.getByTestId(testId) as HTMLButtonElement;
/** A click, and the next frame (the store tells the screen then). */
const press = async (testId: string) => {
  await act(async () => fireEvent.click(button(testId)));
  await advance(20);
};

/** GET backup answers these in turn, the last one again and again. */
const answers = (...list: BackupStatus[]): FakeRoutes => {
  let i = 0;
  return { [`GET ${FHIR_ACCESS_API.backup}`]: () => [200, list[Math.min(i++, list.length - 1)]] };
};

describe('Download everything', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
    setRouteTable('new');
  });

  const open = async (routes: FakeRoutes) => {
    const calls = fakeApi(routes);
    renderAt(SMART_PAGES.backup, <BackupScreen />);
    // The store tells the screen on the next frame (RTK's auto-batching).
    await advance(20);
    return calls;
  };

  it('explains the files and the images', async () => {
    await open(answers(NONE));
    expect(screen.getByTestId('page-title').textContent).toBe('Download everything');
    expect(screen.getByText(MESSAGES.backupIntro)).toBeTruthy();
    expect(screen.getByTestId('backup-images').textContent).toContain(MESSAGES.backupImagesNote);
    expect(screen.queryByTestId('backup-image-zips')).toBeNull();
  });

  it('offers the images of a completed backup as zips, each followed with a fresh token', async () => {
    const fresh = { ...DONE, images: [{ url: '/api/imaging/archive/t1b', studies: 50 }, DONE.images[1]] };
    const calls = await open(answers(DONE, fresh));
    expect(screen.getByTestId('backup-image-zips').textContent).toContain('Images, part 1 of 2');
    expect(screen.getByTestId('backup-image-zips').textContent).toContain('50 studies · DICOM zip');
    const original = browserNavigation.assign;
    const assign = jest.fn();
    browserNavigation.assign = assign;
    try {
      await press('backup-images-1');
      await advance(20);
      expect(gets(calls)).toBe(2);
      expect(assign).toHaveBeenCalledWith('/api/imaging/archive/t1b');
    } finally {
      browserNavigation.assign = original;
    }
  });

  it('with no backup yet: says so, offers the full download only, which starts one and polls it', async () => {
    const calls = await open({
      ...answers(NONE, RUNNING, DONE),
      [`POST ${FHIR_ACCESS_API.startBackup}`]: [202, RUNNING],
    });
    expect(state()).toBe('none');
    expect(screen.getByText(MESSAGES.backupNone)).toBeTruthy();
    expect(screen.queryByTestId('backup-incremental')).toBeNull();
    // Nothing being prepared: nothing is asked again.
    await advance(BACKUP_POLL_MS * 3);
    expect(gets(calls)).toBe(1);

    await press('backup-start');
    expect(posts(calls)).toEqual([{ full: true }]);
    expect(state()).toBe('in-progress');
    expect(screen.getByText(MESSAGES.backupInProgress)).toBeTruthy();
    expect(button('backup-start').disabled).toBe(true);

    // Polls start with the answer of the POST: 2 s on, then every 2 s.
    await advance(BACKUP_POLL_MS / 2);
    expect(gets(calls)).toBe(1);
    await advance(BACKUP_POLL_MS);
    expect(gets(calls)).toBe(2);
    await advance(BACKUP_POLL_MS);
    expect(gets(calls)).toBe(3);
    expect(state()).toBe('completed');
    expect(button('backup-start').disabled).toBe(false);
    await advance(BACKUP_POLL_MS * 5);
    expect(gets(calls)).toBe(3);
  });

  it('polls every 2 s while in progress and stops once completed', async () => {
    const calls = await open(answers(RUNNING, RUNNING, DONE));
    expect(state()).toBe('in-progress');
    expect(gets(calls)).toBe(1);
    await advance(BACKUP_POLL_MS / 2);
    expect(gets(calls)).toBe(1);
    await advance(BACKUP_POLL_MS);
    expect(gets(calls)).toBe(2);
    expect(state()).toBe('in-progress');
    await advance(BACKUP_POLL_MS);
    expect(gets(calls)).toBe(3);
    expect(state()).toBe('completed');
    await advance(BACKUP_POLL_MS * 5);
    expect(gets(calls)).toBe(3);
  });

  it('a completed backup lists its files and offers the changes since, which posts {}', async () => {
    const calls = await open({
      ...answers(DONE),
      [`POST ${FHIR_ACCESS_API.startBackup}`]: [202, { ...RUNNING, since: DONE.completedAt }],
    });
    expect(screen.getByTestId('backup-completed').textContent).toBe(
      `Completed ${formatDayTime(DONE.completedAt)} · All of your records`,
    );
    expect(screen.getByTestId('backup-file-Patient').textContent).toBe('Download');
    expect(screen.getByTestId('backup-file-ImagingStudy')).toBeTruthy();
    expect(screen.getByText('3 records · ImagingStudy.ndjson')).toBeTruthy();
    expect(button('backup-start').disabled).toBe(false);
    await press('backup-incremental');
    expect(posts(calls)).toEqual([{}]);
    expect(state()).toBe('in-progress');
  });

  it('an incremental backup says since when, and that nothing changed when it has no files', async () => {
    await open(answers({ ...DONE, since: '2026-03-01T08:00:00.000Z', files: [] }));
    expect(screen.getByTestId('backup-completed').textContent).toContain(
      backupChangesSince(formatDayTime('2026-03-01T08:00:00.000Z')),
    );
    expect(screen.getByTestId('backup-no-files').textContent).toBe(MESSAGES.backupNoChanges);
  });

  it('a failed backup shows why, and can be started again', async () => {
    const calls = await open({ ...answers(FAILED), [`POST ${FHIR_ACCESS_API.startBackup}`]: [202, RUNNING] });
    expect(state()).toBe('failed');
    expect(screen.getByTestId('backup-error').textContent).toBe('The export ran out of time');
    expect(screen.queryByTestId('backup-incremental')).toBeNull();
    await press('backup-start');
    expect(posts(calls)).toEqual([{ full: true }]);
    expect(state()).toBe('in-progress');
  });

  it('shows a refused start', async () => {
    await open({
      ...answers(NONE),
      [`POST ${FHIR_ACCESS_API.startBackup}`]: [
        429,
        { statusCode: 429, code: 'X', message: 'One at a time' },
      ],
    });
    await press('backup-start');
    expect(screen.getByText('One at a time')).toBeTruthy();
    expect(state()).toBe('none');
  });

  describe('a file', () => {
    let clicked: Array<{ href: string; download: string }>;
    let sent: Array<{ url: string; headers: Record<string, string> }>;
    beforeEach(() => {
      clicked = [];
      sent = [];
      URL.createObjectURL = jest.fn(() => 'blob:ndjson');
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        clicked.push({ href: this.href, download: this.download });
      });
    });
    afterEach(() => jest.restoreAllMocks());

    /** fakeApi's answers, with the bytes a blob answer reads, and the headers each call sent. */
    const withBytes = () => {
      const plain = global.fetch;
      global.fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        sent.push({ url: String(input), headers: (init?.headers ?? {}) as Record<string, string> });
        const res = await plain(input, init);
        return Object.assign(res, { blob: async () => new Blob([await res.text()]) });
      }) as typeof fetch;
    };

    it('downloads through the API with the bearer token and is saved from an object URL', async () => {
      await open({ ...answers(DONE), [`GET ${patientFile}`]: [200, '{"resourceType":"Patient"}'] });
      withBytes();
      await press('backup-file-Patient');
      const call = sent.find((s) => s.url === patientFile);
      expect(call?.headers.Authorization).toBe('Bearer tok');
      expect(clicked).toEqual([{ href: 'blob:ndjson', download: 'Patient.ndjson' }]);
      expect(URL.revokeObjectURL).not.toHaveBeenCalled();
      await advance(60_000);
      expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:ndjson');
    });

    it('shows a failed download and saves nothing', async () => {
      await open(answers(DONE));
      withBytes();
      await press('backup-file-ImagingStudy');
      expect(screen.getByText('Not found')).toBeTruthy();
      expect(clicked).toEqual([]);
    });
  });

  it('sends the token to the portal only', () => {
    expect(exportFilePath('/api/fhir/$export-files/e1/Patient.ndjson')).toBe(
      '/fhir/$export-files/e1/Patient.ndjson',
    );
    expect(exportFilePath('http://localhost/api/fhir/x?y=1')).toBe('/fhir/x?y=1');
    expect(exportFilePath('https://elsewhere.example/api/fhir/x')).toBeNull();
    expect(exportFilePath('/other/x')).toBeNull();
  });
});
