import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FINDING_OUTCOME_NAMES, MESSAGES, WHOLE_BODY_SCAN_API } from '@portal/contracts';
import { renderAt, signIn } from '../testing';
import WholeBodyScanDetails from './WholeBodyScanDetails';
import { consultRequest, documents, fakeScanApi, followUp, scan, SCAN_ID, type ScanFake } from './testing';

const at = (fake: ScanFake = {}, query = '') => {
  const calls = fakeScanApi(fake);
  renderAt(
    `/whole-body-scan/${SCAN_ID}/details${query}`,
    <WholeBodyScanDetails />,
    '/whole-body-scan/:scanId/details',
  );
  return calls;
};

const step = (id: string, title: string, enable = true) => ({
  id,
  value: { title, subtitle: `${title} subtitle`, content: '', enable },
});
const keyImage = (id: string, caption: string) => ({
  id,
  study_instance_uid: '1.2.3',
  series_instance_uid: '1.2.3.4',
  sop_instance_uid: `1.2.3.4.${id.length}`,
  frame: 1,
  caption,
});

describe('Whole body scan details screen', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    URL.createObjectURL = jest.fn(() => 'blob:key');
    URL.revokeObjectURL = jest.fn();
  });

  it('shows the findings tree with outcomes (No adverse finding by default), tones, changes and expandable child findings', async () => {
    at();
    const details = await screen.findByTestId('wbs-details');
    expect(within(details).getByTestId('page-title').textContent).toBe(MESSAGES.wholeBodyScanTitle);
    const heart = await screen.findByTestId('wbs-finding-f-heart');
    expect(within(heart).getByTestId('wbs-outcome').textContent).toBe('Major finding');
    expect(within(heart).getByTestId('wbs-outcome').getAttribute('data-tone')).toBe('major');
    expect(within(heart).getByTestId('wbs-change').getAttribute('data-change')).toBe('NEW');
    const spine = screen.getByTestId('wbs-finding-f-spine');
    expect(within(spine).getByTestId('wbs-outcome').textContent).toBe(
      FINDING_OUTCOME_NAMES.NO_ADVERSE_FINDING,
    );
    expect(within(spine).getByTestId('wbs-outcome').getAttribute('data-tone')).toBe('none');
    expect(within(spine).queryByTestId('wbs-change')).toBeNull();

    const expand = screen.getByTestId('wbs-finding-expand-f-liver');
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('wbs-finding-f-cyst')).toBeNull();
    fireEvent.click(expand);
    expect(expand.getAttribute('aria-expanded')).toBe('true');
    const cyst = screen.getByTestId('wbs-finding-f-cyst');
    expect(within(cyst).getByTestId('wbs-outcome').getAttribute('data-tone')).toBe('minor');
    expect(within(cyst).getByTestId('wbs-change').textContent).toBe('Stable since last scan');
    fireEvent.click(cyst);
    expect(
      within(screen.getByTestId('wbs-selected-finding')).getByRole('heading', { level: 2 }).textContent,
    ).toBe('Liver cyst');
    expect(
      screen.getByTestId('wbs-body-diagram').querySelector('[data-testid="wbs-organ-LIVER"]'),
    ).toBeTruthy();
  });

  it('the selected finding shows its pathology, or says there is none; the wiki switch shows the wiki text instead', async () => {
    at();
    const selected = await screen.findByTestId('wbs-selected-finding');
    expect(within(selected).getByTestId('wbs-pathology').textContent).toContain('Coronary calcification');
    fireEvent.click(within(selected).getByRole('switch', { name: 'Wiki view' }));
    expect(within(selected).getByTestId('wbs-wiki').textContent).toContain('Heart explained.');
    expect(within(selected).getAllByText(/Heart/).length).toBeGreaterThan(0);
    expect(within(selected).queryByTestId('wbs-clinical')).toBeNull();
    // The wiki view stays on for another finding.
    fireEvent.click(screen.getByTestId('wbs-finding-f-spine'));
    expect(screen.getByTestId('wbs-wiki').textContent).toContain('Spine explained.');
    fireEvent.click(screen.getByRole('switch', { name: 'Wiki view' }));
    expect(await screen.findByText(MESSAGES.noPathologyFindings)).toBeTruthy();
  });

  it('recommended next steps: only enabled ones, toned by position in a cycle; none says so', async () => {
    at({
      documents: {
        'f-heart': documents({
          recommended_next_steps: [
            step('a', 'Cardiology visit'),
            step('hidden', 'Hidden step', false),
            step('b', 'Calcium score'),
            step('c', 'Stress test'),
            step('d', 'Lipid panel'),
          ],
        }),
      },
    });
    const steps = await screen.findAllByTestId('wbs-next-step');
    expect(steps).toHaveLength(4);
    expect(steps[0].textContent).toContain('Cardiology visit');
    expect(steps.map((s) => s.getAttribute('data-tone'))).toEqual([
      'informational',
      'minor',
      'major',
      'informational',
    ]);
    expect(screen.queryByText('Hidden step')).toBeNull();
    fireEvent.click(screen.getByTestId('wbs-finding-f-spine'));
    expect(await screen.findByText(MESSAGES.noRecommendedSteps)).toBeTruthy();
    expect(screen.getByText(MESSAGES.noReportsOrKeyImages)).toBeTruthy();
  });

  it('the key image viewer fetches the rendered image with the bearer, steps and zooms ×1.2 per step, never below 1', async () => {
    const calls = at({
      documents: {
        'f-heart': documents({ key_images: [keyImage('k1', 'Coronary arteries'), keyImage('k2', '')] }),
      },
    });
    const img = await screen.findByTestId('wbs-key-image');
    expect(img.getAttribute('src')).toBe('blob:key');
    expect(img.getAttribute('alt')).toBe('Coronary arteries');
    expect(calls.some((c) => c.path === '/api/imaging/rendered/k1')).toBe(true);
    const auth = (global.fetch as jest.Mock).mock.calls.find(([u]) => String(u).includes('/rendered/k1'))?.[1]
      ?.headers as Record<string, string>;
    expect(auth.Authorization).toBe('Bearer tok');
    expect(screen.getByTestId('wbs-key-image-caption').textContent).toBe('Coronary arteries');

    const zoom = () => Number(screen.getByTestId('wbs-key-image').getAttribute('data-zoom'));
    expect(zoom()).toBe(1);
    expect((screen.getByTestId('wbs-zoom-out') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('wbs-zoom-in'));
    expect(zoom()).toBeCloseTo(1.2);
    fireEvent.click(screen.getByTestId('wbs-zoom-in'));
    expect(zoom()).toBeCloseTo(1.44);
    expect(screen.getByTestId('wbs-zoom-level').textContent).toBe('144%');
    fireEvent.click(screen.getByTestId('wbs-zoom-out'));
    fireEvent.click(screen.getByTestId('wbs-zoom-out'));
    expect(zoom()).toBe(1);
    expect((screen.getByTestId('wbs-zoom-out') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByTestId('wbs-key-image-next'));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/imaging/rendered/k2')).toBe(true));
    expect(screen.getByTestId('wbs-key-image-caption').textContent).toBe('Key image 2');
    expect(screen.getByTestId('wbs-key-image-position').textContent).toBe('2 of 2');
    expect((screen.getByTestId('wbs-key-image-next') as HTMLButtonElement).disabled).toBe(true);
  });

  it('the consultation table shows status, note, created and a video meetings dialog with local times and Join', async () => {
    at({ scan: scan({ consult_requests: [consultRequest()] }) });
    const table = await screen.findByTestId('wbs-consultation-table');
    const row = within(table).getByTestId('wbs-consultation');
    expect(within(row).getByTestId('wbs-consultation-status').textContent).toBe('Scheduled');
    expect(row.textContent).toContain('Please explain the liver finding');
    expect(row.textContent).toContain('Jan 10, 2026');
    fireEvent.click(within(row).getByTestId('wbs-video-meetings-open'));
    const dialog = await screen.findByTestId('wbs-video-meetings');
    expect(within(dialog).getByTestId('wbs-meeting-start').textContent).toBe(
      new Date('2026-02-01T15:30:00.000Z').toLocaleString(undefined, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }),
    );
    const join = within(dialog).getByTestId('wbs-meeting-join');
    expect(join.getAttribute('href')).toBe('/videoMeeting/m1/p1');
    fireEvent.click(join);
    expect(screen.getByTestId('landed').textContent).toBe('/videoMeeting/m1/p1');
  });

  it('says when there are no consultation requests and no video reports', async () => {
    at();
    expect(await screen.findByText(MESSAGES.noConsultationRequests)).toBeTruthy();
    expect(await screen.findByText(MESSAGES.noVideoReports)).toBeTruthy();
  });

  it('opens on the finding named in ?finding=', async () => {
    at({}, '?finding=f-spine');
    const spine = await screen.findByTestId('wbs-finding-f-spine');
    expect(spine.getAttribute('aria-pressed')).toBe('true');
  });

  it('follow-ups of this scan: overdue in red, Mark done and a new due date are sent', async () => {
    const calls = at({
      followUps: [
        followUp('t1', { title: 'Cardiology visit', due_date: '2020-01-01' }),
        followUp('t2', { title: 'Calcium score', due_date: '2099-02-01' }),
        followUp('t3', { title: 'Other scan task', whole_body_scan_id: 'another' }),
      ],
      extra: {
        [`PATCH ${WHOLE_BODY_SCAN_API.followUp('t1')}`]: [
          200,
          followUp('t1', { done_at: '2026-01-20T00:00:00Z' }),
        ],
        [`PATCH ${WHOLE_BODY_SCAN_API.followUp('t2')}`]: [200, followUp('t2', { due_date: '2099-03-01' })],
      },
    });
    const section = await screen.findByTestId('wbs-follow-ups');
    const t1 = await within(section).findByTestId('wbs-follow-up-t1');
    expect(within(section).queryByTestId('wbs-follow-up-t3')).toBeNull();
    expect(t1.getAttribute('data-overdue')).toBe('true');
    expect(within(t1).getByTestId('wbs-follow-up-overdue').textContent).toBe('Overdue since Jan 01, 2020');
    expect(screen.getByTestId('wbs-follow-up-t2').getAttribute('data-overdue')).toBe('false');
    fireEvent.click(within(t1).getByTestId('wbs-follow-up-toggle'));
    await waitFor(() =>
      expect(
        calls.find((c) => c.method === 'PATCH' && c.path === WHOLE_BODY_SCAN_API.followUp('t1'))?.body,
      ).toEqual({
        done: true,
      }),
    );
    const due = within(screen.getByTestId('wbs-follow-up-t2')).getByTestId('wbs-follow-up-due');
    expect(due.getAttribute('aria-label')).toBe('Due date of Calcium score');
    fireEvent.change(due, { target: { value: '2099-03-01' } });
    expect(calls.some((c) => c.path === WHOLE_BODY_SCAN_API.followUp('t2'))).toBe(false);
    await act(async () => fireEvent.blur(due));
    await waitFor(() =>
      expect(calls.find((c) => c.path === WHOLE_BODY_SCAN_API.followUp('t2'))?.body).toEqual({
        dueDate: '2099-03-01',
      }),
    );
  });
});
