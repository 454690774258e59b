import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import {
  MESSAGES,
  SHARING_API,
  type CreatedHealthLink,
  type ShareDialogProps,
  type ViewerLinkSummary,
} from '@portal/contracts';
import { fakeApi, renderAt, signIn } from '../testing';
import { qrPath } from './QrCode';
import { ShareRecords } from './ShareDialog';

const record: ShareDialogProps['record'] = {
  patientRequestId: 'p1',
  studyUid: '1.2.3',
  documentId: null,
  cfindResponseId: 's1',
  docReqType: 'IMAGES',
  title: 'MR BRAIN',
  patientName: 'Pat Jordan',
  facilityName: 'St. Mary',
};
const shlink = 'shlink:/eyJ1cmwiOiJodHRwczovL3BvcnRhbC5leGFtcGxlL2FwaS9zaGwvYWJjIiwiZmxhZyI6IlAiLCJ2IjoxfQ';
const url = `https://portal.example/view/l1#${shlink}`;
const link: ViewerLinkSummary = {
  id: 'l1',
  purpose: 'health-link',
  recipient: null,
  studyInstanceUids: ['1.2.3'],
  need_password: true,
  created_at: '2030-01-01T00:00:00.000Z',
  expires_at: '2030-02-01T23:59:59.000Z',
  revoked: false,
  url: 'https://portal.example/view/l1',
  last_opened_at: null,
  open_count: 0,
};
const created: CreatedHealthLink = { id: 'h1', shlink, url, expiresAt: link.expires_at, link };
const routes = {
  [`GET ${SHARING_API.recipients('p1')}`]: [200, []] as [number, unknown],
  [`GET ${SHARING_API.shareableRecords}`]: [200, []] as [number, unknown],
};

const openTab = async (r = record) => {
  renderAt('/x', <ShareRecords record={r} onClose={() => undefined} />);
  fireEvent.click(screen.getByTestId('health-link-tab'));
  return screen.findByTestId('share-tab-health-link-panel');
};
const passcode = () => screen.getByTestId('health-link-passcode') as HTMLInputElement;

describe('the SMART Health Link tab (issue 29)', () => {
  beforeEach(() => signIn());

  it('is a tab of imaging requests only, and explains itself', async () => {
    fakeApi(routes);
    const panel = await openTab();
    expect(screen.getByTestId('health-link-tab').getAttribute('aria-selected')).toBe('true');
    expect(screen.getByTestId('share-tab-health-link').textContent).toBe('SMART Health Link');
    expect(panel.textContent).toContain(MESSAGES.healthLinkExplanation);
    expect(screen.getByTestId('health-link-create').textContent).toBe('Create link');
  });

  it('is not offered for a report', () => {
    fakeApi(routes);
    renderAt('/x', <ShareRecords record={{ ...record, docReqType: 'REPORTS' }} onClose={() => undefined} />);
    expect(screen.queryByTestId('health-link-tab')).toBeNull();
  });

  it('asks for a passcode of 6 to 64 characters, with the shared schema’s messages', async () => {
    const calls = fakeApi(routes);
    await openTab();
    fireEvent.click(screen.getByTestId('health-link-create'));
    expect(await screen.findByText('A passcode is required')).toBeTruthy();
    fireEvent.change(passcode(), { target: { value: '12345' } });
    fireEvent.blur(passcode());
    expect(await screen.findByText('The passcode needs at least 6 characters')).toBeTruthy();
    fireEvent.change(passcode(), { target: { value: 'x'.repeat(65) } });
    expect(await screen.findByText('The passcode can have at most 64 characters')).toBeTruthy();
    fireEvent.change(screen.getByTestId('health-link-label'), { target: { value: 'l'.repeat(81) } });
    fireEvent.blur(screen.getByTestId('health-link-label'));
    expect(await screen.findByText('The label can have at most 80 characters')).toBeTruthy();
    expect(calls.some((c) => c.path === SHARING_API.healthLinks)).toBe(false);
  });

  it('shows and hides the passcode', async () => {
    fakeApi(routes);
    await openTab();
    expect(passcode().type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show passcode' }));
    expect(passcode().type).toBe('text');
    fireEvent.click(screen.getByTestId('health-link-passcode-toggle'));
    expect(passcode().type).toBe('password');
  });

  it('creates the link, then shows it with Copy, its QR code, its expiry and the passcode reminder', async () => {
    const calls = fakeApi({ ...routes, [`POST ${SHARING_API.healthLinks}`]: [201, created] });
    const writeText = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openTab();
    fireEvent.change(passcode(), { target: { value: 'tulip-42' } });
    fireEvent.change(screen.getByTestId('health-link-label'), { target: { value: '  For Dr. Ito ' } });
    fireEvent.change(screen.getByTestId('health-link-expiry-date'), { target: { value: '2030-02-01' } });
    await act(async () => fireEvent.click(screen.getByTestId('health-link-create')));

    expect((await screen.findByTestId('health-link-url')).textContent).toBe(url);
    expect(calls.find((c) => c.path === SHARING_API.healthLinks)?.body).toEqual({
      patientRequestId: 'p1',
      studyUid: '1.2.3',
      passcode: 'tulip-42',
      label: 'For Dr. Ito',
      expiresAt: new Date('2030-02-01T23:59:59').toISOString(),
    });
    const qr = await screen.findByTestId('health-link-qr');
    expect(qr.querySelector('path')?.getAttribute('d')).toBe(qrPath(url).d);
    expect(screen.getByTestId('health-link-expiry').textContent).toBe('The link works until 2030-02-01.');
    expect(screen.getByTestId('health-link-made').textContent).toContain(MESSAGES.healthLinkGivePasscode);

    fireEvent.click(screen.getByTestId('health-link-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(await screen.findByText(MESSAGES.linkCopied)).toBeTruthy();
  });

  it('says a link without an expiry works until revoked, and a refused copy in a toast', async () => {
    fakeApi({ ...routes, [`POST ${SHARING_API.healthLinks}`]: [201, { ...created, expiresAt: null }] });
    const writeText = jest.fn().mockRejectedValue(new Error('denied'));
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await openTab();
    fireEvent.change(passcode(), { target: { value: 'tulip-42' } });
    await act(async () => fireEvent.click(screen.getByTestId('health-link-create')));
    expect((await screen.findByTestId('health-link-expiry')).textContent).toBe(
      'The link works until you revoke it.',
    );
    fireEvent.click(screen.getByTestId('health-link-copy'));
    expect(await screen.findByText(MESSAGES.linkNotCopied)).toBeTruthy();
  });

  it('shows a refusal as a toast', async () => {
    fakeApi({
      ...routes,
      [`POST ${SHARING_API.healthLinks}`]: [
        400,
        { statusCode: 400, code: 'VALIDATION', message: MESSAGES.expiryInPast },
      ],
    });
    await openTab();
    fireEvent.change(passcode(), { target: { value: 'tulip-42' } });
    await act(async () => fireEvent.click(screen.getByTestId('health-link-create')));
    expect(await screen.findByText(MESSAGES.expiryInPast)).toBeTruthy();
    expect(screen.queryByTestId('health-link-made')).toBeNull();
  });
});
