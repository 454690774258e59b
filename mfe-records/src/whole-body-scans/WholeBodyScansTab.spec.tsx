import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { WHOLE_BODY_SCAN_API } from '@portal/contracts';
import { renderAt, signIn } from '../testing';
import { gridProtocol, gridRow } from '../grid/testing';
import MyRecords from '../my-records/MyRecords';
import { fakeScanApi, listItem, ORG_A, ORG_B, type ScanFake } from './testing';

class NeverVisible {
  observe() {}
  disconnect() {}
}

const at = (url: string, fake: ScanFake) => {
  const calls = fakeScanApi({ ...fake, extra: { ...gridProtocol([gridRow(1)]), ...fake.extra } });
  renderAt(url, <MyRecords />, '/patient/my-records/:tab');
  return calls;
};

const SCANS = [
  listItem('s-new', ORG_A, '2026-01-05', { findings_count: 4, top_outcome: 'MAJOR_FINDING' }),
  listItem('s-old', ORG_A, '2025-01-05', { findings_count: 1, top_outcome: 'NO_ADVERSE_FINDING' }),
  listItem('s-b', ORG_B, '2025-06-01', { findings_count: 2, top_outcome: 'MINOR_FINDING' }),
];

describe('Whole Body Scans tab', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = NeverVisible;
  });
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('the chip shows only when the patient has scans', async () => {
    const calls = at('/patient/my-records/all-requests', { list: [] });
    await screen.findByTestId('all-studies-header');
    await waitFor(() => expect(calls.some((c) => c.path === WHOLE_BODY_SCAN_API.loadGrid)).toBe(true));
    expect(screen.queryByTestId('tab-whole-body-scans')).toBeNull();
  });

  it('with scans the chip shows between Favorites and Shared With Me, and opens the list', async () => {
    at('/patient/my-records/all-requests', { list: SCANS });
    const chip = await screen.findByTestId('tab-whole-body-scans');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'All Studies',
      'Imaging',
      'Favorites',
      'Whole Body Scans',
      'Shared With Me',
      'Open Requests',
    ]);
    fireEvent.click(chip);
    expect(await screen.findByTestId('wbs-list')).toBeTruthy();
    expect(screen.queryByTestId('records-view-grid')).toBeNull();
  });

  it('opened at the tab without scans, it goes to All Studies', async () => {
    at('/patient/my-records/whole-body-scans', { list: [] });
    await waitFor(() =>
      expect(screen.getByTestId('tab-all-requests').getAttribute('aria-selected')).toBe('true'),
    );
  });

  it('groups by facility; a facility with more scans expands; each row shows date, findings and top outcome and opens the report', async () => {
    at('/patient/my-records/whole-body-scans', {
      list: SCANS,
      launchers: [
        { organization_id: ORG_A.id, title: 'PatientPlus', url: 'https://plus.example/launch?o=a' },
      ],
    });
    const a = await screen.findByTestId(`wbs-facility-${ORG_A.id}`);
    const b = screen.getByTestId(`wbs-facility-${ORG_B.id}`);
    expect(screen.getByTestId('tab-whole-body-scans').getAttribute('aria-selected')).toBe('true');
    expect(screen.queryByTestId('records-view-grid')).toBeNull();
    expect(within(a).getByRole('heading').textContent).toBe(ORG_A.name);
    expect(within(b).queryByTestId('wbs-facility-expand')).toBeNull();
    expect(within(b).queryByTestId('wbs-view-on')).toBeNull();

    const row = within(a).getByTestId('wbs-scan-s-new');
    expect(within(row).getByTestId('wbs-scan-date').textContent).toBe('Jan 05, 2026');
    expect(within(row).getByTestId('wbs-scan-findings').textContent).toBe('4 findings');
    expect(within(row).getByTestId('wbs-outcome').textContent).toBe('Major finding');
    expect(within(row).getByTestId('wbs-outcome').getAttribute('data-tone')).toBe('major');
    expect(within(b).getByTestId('wbs-outcome').getAttribute('data-tone')).toBe('minor');

    const expand = within(a).getByTestId('wbs-facility-expand');
    expect(expand.getAttribute('aria-expanded')).toBe('false');
    expect(within(a).queryByTestId('wbs-scan-s-old')).toBeNull();
    fireEvent.click(expand);
    expect(expand.getAttribute('aria-expanded')).toBe('true');
    expect(within(within(a).getByTestId('wbs-scan-s-old')).getByTestId('wbs-scan-findings').textContent).toBe(
      '1 finding',
    );

    const viewOn = within(a).getByTestId('wbs-view-on');
    expect(viewOn.textContent).toBe('View on PatientPlus');
    expect(viewOn.getAttribute('href')).toBe('https://plus.example/launch?o=a');
    expect(viewOn.getAttribute('target')).toBe('_blank');
    expect(viewOn.getAttribute('rel')).toContain('noopener');

    fireEvent.click(row);
    expect(screen.getByTestId('landed').textContent).toBe('/whole-body-scan/s-new');
  });

  it('the legacy /simonOne lists the scans and opens a report at /simonOne/details?id=', async () => {
    const { setRouteTable } = await import('@portal/session');
    setRouteTable('legacy');
    try {
      fakeScanApi({ list: SCANS, extra: gridProtocol([gridRow(1)]) });
      renderAt('/simonOne', <MyRecords legacyTab="whole-body-scans" />);
      const row = await screen.findByTestId('wbs-scan-s-b');
      expect(row.getAttribute('href')).toBe('/simonOne/details?id=s-b');
    } finally {
      setRouteTable('new');
    }
  });

  it('a failed list shows the server message in a toast and stays on the tab', async () => {
    at('/patient/my-records/whole-body-scans', {
      extra: {
        [`GET ${WHOLE_BODY_SCAN_API.loadGrid}`]: [503, { statusCode: 503, message: 'Scans are unavailable' }],
      },
    });
    expect(await screen.findByText('Scans are unavailable')).toBeTruthy();
    expect(screen.queryByTestId('wbs-list')).toBeNull();
    expect(screen.queryByTestId('all-studies-header')).toBeNull();
  });
});
