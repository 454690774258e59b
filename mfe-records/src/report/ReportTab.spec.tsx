import { act, fireEvent, screen } from '@testing-library/react';
import {
  ENHANCED_REPORT_POLL_MS,
  ENHANCED_REPORT_TIMEOUT_MS,
  MESSAGES,
  RECORDS_API,
} from '@portal/contracts';
import { fakeApi, renderAt, signIn, type FakeCall } from '../testing';
import { attachment } from '../record-view/fixtures';
import { ReportTab } from './ReportTab';

const documents = [attachment('a1', { enhanceable: true })];
const content = {
  [`GET ${RECORDS_API.attachmentContent('r1', 'a1')}`]: [200, { identifier: 'id-a1' }] as [number, unknown],
};
const statusPath = RECORDS_API.enhancedReportStatus('enh-1');

/** A window as window.open gives it: the test sees where it was sent and whether it was closed. */
const fakeWindow = () => ({
  closed: false,
  close: jest.fn(),
  location: { href: 'about:blank' },
  opener: {} as unknown,
});

/** Lets pending promises (fetch answers, React updates) run without moving the clock. */
const flush = () => act(async () => undefined);
const advance = (ms: number) => act(async () => void (await jest.advanceTimersByTimeAsync(ms)));
/** A polled answer reaches the screen on an animation frame (the store batches what it tells its subscribers): a few frames of fake time. */
const FRAMES_MS = 50;

describe('Report tab: the enhanced report', () => {
  let win: ReturnType<typeof fakeWindow>;
  let open: jest.SpyInstance;
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.clear();
    signIn();
    win = fakeWindow();
    open = jest.spyOn(window, 'open').mockReturnValue(win as unknown as Window);
  });
  afterEach(() => {
    open.mockRestore();
    jest.useRealTimers();
  });

  const renderTab = () => renderAt('/report-tab', <ReportTab patientRequestId="r1" documents={documents} />);
  const polls = (calls: FakeCall[]) => calls.filter((c) => c.path === statusPath).length;

  it('requests the report, polls every 2 s and opens it in the window opened on the click when ready', async () => {
    let ready = false;
    const calls = fakeApi({
      ...content,
      [`GET ${RECORDS_API.enhancedReport('r1', 'a1')}`]: [200, { identifier: 'enh-1' }],
      [`GET ${statusPath}`]: () => [
        200,
        ready ? { isReady: true, data: { identifier: 'dl-9' } } : { isReady: false, data: null },
      ],
    });
    renderTab();
    await flush();
    const button = screen.getByTestId('view-enhanced-report');
    fireEvent.click(button);
    // The window opens inside the click (pop-up blockers), blank until the report is ready.
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    await flush();
    expect(polls(calls)).toBe(1);
    expect(screen.getByTestId('view-enhanced-report').getAttribute('aria-busy')).toBe('true');
    expect((screen.getByTestId('view-enhanced-report') as HTMLButtonElement).disabled).toBe(true);
    await advance(ENHANCED_REPORT_POLL_MS - 1);
    expect(polls(calls)).toBe(1);
    await advance(1);
    expect(polls(calls)).toBe(2);
    ready = true;
    await advance(ENHANCED_REPORT_POLL_MS);
    expect(polls(calls)).toBe(3);
    await advance(FRAMES_MS);
    expect(win.location.href).toBe('/api/download/dl-9');
    expect(win.close).not.toHaveBeenCalled();
    expect(screen.getByTestId('view-enhanced-report').getAttribute('aria-busy')).toBe('false');
    // Nothing polls once it opened.
    await advance(ENHANCED_REPORT_POLL_MS * 3);
    expect(polls(calls)).toBe(3);
  });

  it('after 400000 ms without the report, closes the window and shows the timed-out toast', async () => {
    const calls = fakeApi({
      ...content,
      [`GET ${RECORDS_API.enhancedReport('r1', 'a1')}`]: [200, { identifier: 'enh-1' }],
      [`GET ${statusPath}`]: [200, { isReady: false, data: null }],
    });
    renderTab();
    await flush();
    fireEvent.click(screen.getByTestId('view-enhanced-report'));
    await flush();
    await advance(ENHANCED_REPORT_TIMEOUT_MS - 1);
    expect(screen.queryByText(MESSAGES.enhancedReportTimedOut)).toBeNull();
    expect(win.close).not.toHaveBeenCalled();
    await advance(1);
    expect(await screen.findByText(MESSAGES.enhancedReportTimedOut)).toBeTruthy();
    expect(win.close).toHaveBeenCalled();
    expect(polls(calls)).toBe(ENHANCED_REPORT_TIMEOUT_MS / ENHANCED_REPORT_POLL_MS + 1);
    expect((screen.getByTestId('view-enhanced-report') as HTMLButtonElement).disabled).toBe(false);
    const after = polls(calls);
    await advance(ENHANCED_REPORT_POLL_MS * 3);
    expect(polls(calls)).toBe(after);
  });

  it('when the report cannot be requested, closes the window and shows the server message', async () => {
    fakeApi({
      ...content,
      [`GET ${RECORDS_API.enhancedReport('r1', 'a1')}`]: [422, { message: 'This report cannot be enhanced' }],
    });
    renderTab();
    await flush();
    fireEvent.click(screen.getByTestId('view-enhanced-report'));
    await flush();
    expect(await screen.findByText('This report cannot be enhanced')).toBeTruthy();
    expect(win.close).toHaveBeenCalled();
    expect((screen.getByTestId('view-enhanced-report') as HTMLButtonElement).disabled).toBe(false);
  });

  it('when a poll fails, stops polling, closes the window and shows the failure', async () => {
    const calls = fakeApi({
      ...content,
      [`GET ${RECORDS_API.enhancedReport('r1', 'a1')}`]: [200, { identifier: 'enh-1' }],
      [`GET ${statusPath}`]: [500, { message: 'Enhancement failed' }],
    });
    renderTab();
    await flush();
    fireEvent.click(screen.getByTestId('view-enhanced-report'));
    await flush();
    expect(await screen.findByText('Enhancement failed')).toBeTruthy();
    expect(win.close).toHaveBeenCalled();
    await advance(ENHANCED_REPORT_POLL_MS * 3);
    expect(polls(calls)).toBe(1);
  });
});
