import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES, WHOLE_BODY_SCAN_API } from '@portal/contracts';
import { setRouteTable } from '@portal/session';
import { toast } from '@portal/ui';
import { renderAt, signIn } from '../testing';
import WholeBodyScanReport from './WholeBodyScanReport';
import LegacyScanScreen from './LegacyScanScreen';
import { consultRequest, documents, fakeScanApi, scan, SCAN_ID, type ScanFake } from './testing';

const ROUTE = '/whole-body-scan/:scanId';
const at = (fake: ScanFake = {}, url = `/whole-body-scan/${SCAN_ID}`) => {
  const calls = fakeScanApi(fake);
  renderAt(url, <WholeBodyScanReport />, ROUTE);
  return calls;
};

const organs = () =>
  Array.from(screen.getByTestId('wbs-body-diagram').querySelectorAll('[data-testid^="wbs-organ-"]')).map(
    (e) => e.getAttribute('data-testid'),
  );
const diagramLabel = () =>
  screen.getByTestId('wbs-body-diagram').querySelector('svg')?.getAttribute('aria-label');

describe('Whole body scan report screen', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    URL.createObjectURL = jest.fn(() => 'blob:key');
    URL.revokeObjectURL = jest.fn();
    // The toast module remembers each action's last toast across tests (one page per test here).
    toast.dismiss('wbs-consultation');
  });

  it('shows the title, the patient name and scan date, the note, Back, the caption and a link to the details', async () => {
    at();
    expect((await screen.findByTestId('wbs-patient')).textContent).toBe('Ann Lee');
    const report = screen.getByTestId('wbs-report');
    expect(within(report).getByTestId('page-title').textContent).toBe(MESSAGES.wholeBodyScanTitle);
    expect(within(report).getByTestId('wbs-scan-date').textContent).toBe('Jan 05, 2026');
    expect(screen.getByTestId('wbs-note').textContent).toBe(MESSAGES.wholeBodyScanNote);
    expect(screen.getByText(MESSAGES.bodyDiagramCaption)).toBeTruthy();
    expect(screen.getByTestId('back')).toBeTruthy();
    expect(screen.getByTestId('wbs-open-details').getAttribute('href')).toBe(
      `/whole-body-scan/${SCAN_ID}/details?finding=f-heart`,
    );
  });

  it('selecting a finding highlights it and changes the diagram organs and the documents', async () => {
    at({
      documents: {
        'f-heart': documents({ pdf_reports: [{ id: 'p1', value: { file_name: 'cardiac.pdf' } }] }),
        'f-liver': documents({ pdf_reports: [{ id: 'p2', value: { file_name: 'liver.pdf' } }] }),
      },
    });
    const heart = await screen.findByTestId('wbs-finding-f-heart');
    expect(heart.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('wbs-body-diagram').getAttribute('data-figure')).toBe('other');
    expect(organs()).toEqual(['wbs-organ-HEART']);
    expect(diagramLabel()).toContain('highlighting Heart');
    expect((await screen.findByTestId('wbs-pdf-report')).textContent).toContain('cardiac.pdf');

    fireEvent.click(screen.getByTestId('wbs-finding-f-liver'));
    expect(screen.getByTestId('wbs-finding-f-liver').getAttribute('aria-pressed')).toBe('true');
    expect(heart.getAttribute('aria-pressed')).toBe('false');
    expect(organs()).toEqual(['wbs-organ-LIVER']);
    await waitFor(() => expect(screen.getByTestId('wbs-pdf-report').textContent).toContain('liver.pdf'));

    // A child finding is listed under its parent and selectable from the keyboard too.
    const cyst = screen.getByTestId('wbs-finding-f-cyst');
    act(() => cyst.focus());
    fireEvent.keyDown(cyst, { key: 'Enter' });
    await waitFor(() => expect(cyst.getAttribute('aria-pressed')).toBe('true'));

    fireEvent.click(screen.getByTestId('wbs-finding-f-spine'));
    expect(organs()).toEqual([]);
    expect(diagramLabel()).toContain('no organ highlighted');
    expect(await screen.findByText(MESSAGES.noReportsOrKeyImages)).toBeTruthy();
  });

  it('draws the male figure for a MALE patient', async () => {
    at({
      scan: scan({
        patient: { first_name: 'Bo', last_name: 'Ng', patient_sex: { mnemonic: 'MALE', name: 'Male' } },
      }),
    });
    await screen.findByTestId('wbs-patient');
    expect(screen.getByTestId('wbs-body-diagram').getAttribute('data-figure')).toBe('male');
  });

  it('says when there are no video reports', async () => {
    at();
    expect(await screen.findByText(MESSAGES.noVideoReports)).toBeTruthy();
  });

  it('plays a chosen video report from its url', async () => {
    at({ videos: [{ id: 'v1', file_name: 'walkthrough.mp4' }] });
    fireEvent.click(await screen.findByTestId('wbs-video-report'));
    const player = await screen.findByTestId('wbs-video-player');
    expect(player.getAttribute('src')).toBe('/api/download/video-v1');
    expect(player.hasAttribute('controls')).toBe(true);
  });

  it('a PDF report opens in a new window by a fresh identifier, or downloads through an anchor', async () => {
    const win = { closed: false, close: jest.fn(), location: { href: 'about:blank' }, opener: {} };
    const open = jest.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
    const clicked: HTMLAnchorElement[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    at({
      documents: {
        'f-heart': documents({ pdf_reports: [{ id: 'p1', value: { file_name: 'cardiac.pdf' } }] }),
      },
    });
    fireEvent.click(await screen.findByTestId('wbs-pdf-view'));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await waitFor(() => expect(win.location.href).toBe('/api/download/id-p1'));
    fireEvent.click(screen.getByTestId('wbs-pdf-download'));
    await waitFor(() => expect(clicked).toHaveLength(1));
    expect(clicked[0].getAttribute('href')).toBe('/api/download/id-p1');
    expect(clicked[0].getAttribute('download')).toBe('cardiac.pdf');
    open.mockRestore();
    click.mockRestore();
  });

  it('the consultation note is required', async () => {
    const calls = at();
    fireEvent.click(await screen.findByTestId('wbs-consultation-submit'));
    expect(await screen.findByText(MESSAGES.consultationNoteRequired)).toBeTruthy();
    expect(calls.some((c) => c.path === WHOLE_BODY_SCAN_API.requestConsultation)).toBe(false);
  });

  it('submits the note with the scan id and shows the success toast', async () => {
    const calls = at();
    fireEvent.change(await screen.findByTestId('wbs-consultation-note'), {
      target: { value: 'About my heart' },
    });
    fireEvent.click(screen.getByTestId('wbs-consultation-submit'));
    expect(await screen.findByText(MESSAGES.consultationSubmitted)).toBeTruthy();
    expect(screen.queryByTestId('wbs-consultation-confirm')).toBeNull();
    expect(calls.find((c) => c.path === WHOLE_BODY_SCAN_API.requestConsultation)?.body).toEqual({
      wholeBodyScanId: SCAN_ID,
      note: 'About my heart',
    });
    await waitFor(() =>
      expect((screen.getByTestId('wbs-consultation-note') as HTMLTextAreaElement).value).toBe(''),
    );
    // The scan (and so its consultation table) is asked again.
    await waitFor(() =>
      expect(calls.filter((c) => c.path === WHOLE_BODY_SCAN_API.scan(SCAN_ID))).toHaveLength(2),
    );
  });

  it('asks "Are you sure?" when a consultation exists; Cancel sends nothing, Submit sends', async () => {
    const calls = at({ scan: scan({ consult_requests: [consultRequest()] }) });
    fireEvent.change(await screen.findByTestId('wbs-consultation-note'), {
      target: { value: 'Again please' },
    });
    fireEvent.click(screen.getByTestId('wbs-consultation-submit'));
    expect((await screen.findByTestId('wbs-consultation-confirm-text')).textContent).toBe(
      MESSAGES.consultationAreYouSure,
    );
    fireEvent.click(screen.getByTestId('wbs-consultation-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('wbs-consultation-confirm')).toBeNull());
    expect(calls.some((c) => c.path === WHOLE_BODY_SCAN_API.requestConsultation)).toBe(false);
    fireEvent.click(screen.getByTestId('wbs-consultation-submit'));
    fireEvent.click(await screen.findByTestId('wbs-consultation-confirm-confirm'));
    expect(await screen.findByText(MESSAGES.consultationSubmitted)).toBeTruthy();
    expect(calls.filter((c) => c.path === WHOLE_BODY_SCAN_API.requestConsultation)).toHaveLength(1);
  });

  it('shows the failure toast when the request fails and keeps the note', async () => {
    at({ consultation: [500, { statusCode: 500, message: 'boom' }] });
    fireEvent.change(await screen.findByTestId('wbs-consultation-note'), { target: { value: 'Hello' } });
    await act(async () => fireEvent.click(screen.getByTestId('wbs-consultation-submit')));
    expect(await screen.findByText(MESSAGES.consultationFailed)).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
    expect((screen.getByTestId('wbs-consultation-note') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('opens from the legacy /simonOne/details?id=, and its details with &view=details', async () => {
    setRouteTable('legacy');
    try {
      fakeScanApi();
      renderAt(`/simonOne/details?id=${SCAN_ID}`, <LegacyScanScreen />, '/simonOne/details');
      expect(await screen.findByTestId('wbs-report')).toBeTruthy();
      const details = await screen.findByTestId('wbs-open-details');
      expect(details.getAttribute('href')).toBe(
        `/simonOne/details?id=${SCAN_ID}&view=details&finding=f-heart`,
      );
      fireEvent.click(details);
      expect(await screen.findByTestId('wbs-details')).toBeTruthy();
    } finally {
      setRouteTable('new');
    }
  });

  it('a scan that is not the caller’s shows the server message', async () => {
    at({}, '/whole-body-scan/another');
    expect((await screen.findByTestId('wbs-error')).textContent).toBe('Not found');
  });
});
