import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES, SHARING_API, type PublicViewerConfig } from '@portal/contracts';
import { fakeApi, remoteRenderer } from '@portal/ui/testing';
import { api } from '../api';
import { PublicViewerPage } from './PublicViewerPage';

// The viewer itself has its own spec; here it only shows which study and token it was given.
jest.mock('../ImagingViewer', () => ({
  __esModule: true,
  default: ({ studyInstanceUid, token }: { studyInstanceUid: string; token: string }) => (
    <p data-testid="viewer-stub">{`${studyInstanceUid} ${token}`}</p>
  ),
}));

const LINK = 'demo-link';
const opened: PublicViewerConfig = {
  need_password: true,
  token: 'vt',
  studyDetail: { dicom: ['1.2.3'], approved_cfind_responses: [] },
  patient_requests: [
    {
      id: 'req-1',
      organization: { id: 'o1', name: 'General Hospital' },
      patients: [{ first_name: 'Ann', last_name: 'Lee' }],
      approved_cfind_responses: [],
    },
  ],
};
const renderAt = remoteRenderer(api);
const openPage = () => renderAt(`/view/${LINK}`, <PublicViewerPage />, '/view/:id');

beforeEach(() => sessionStorage.clear());

describe('the public viewer page (records spec §2.7)', () => {
  it("keeps Continue disabled while the password is empty and marks the field invalid with the server's message", async () => {
    fakeApi({
      [`GET ${SHARING_API.viewerConfig(LINK)}`]: [200, { need_password: true }],
      [`POST ${SHARING_API.validateViewerPassword(LINK)}`]: [
        401,
        { message: 'Wrong password for this link' },
      ],
    });
    openPage();
    expect(await screen.findByText(MESSAGES.viewerPasswordTitle)).toBeTruthy();
    const cont = screen.getByTestId('viewer-continue') as HTMLButtonElement;
    expect(cont.disabled).toBe(true);
    fireEvent.change(screen.getByTestId('viewer-password'), { target: { value: 'nope' } });
    expect(cont.disabled).toBe(false);
    fireEvent.click(cont);
    expect(await screen.findByText('Wrong password for this link')).toBeTruthy();
    expect(screen.getByTestId('viewer-password').getAttribute('aria-invalid')).toBe('true');
  });

  it('continues to the viewer with the token the password gave, kept for this link', async () => {
    fakeApi({
      [`GET ${SHARING_API.viewerConfig(LINK)}`]: () => [
        200,
        sessionStorage.getItem(`viewer-token:${LINK}`) ? opened : { need_password: true },
      ],
      [`POST ${SHARING_API.validateViewerPassword(LINK)}`]: [200, { token: 'vt' }],
    });
    openPage();
    fireEvent.change(await screen.findByTestId('viewer-password'), { target: { value: 'Demo-viewer-1' } });
    fireEvent.click(screen.getByTestId('viewer-continue'));
    expect((await screen.findByTestId('viewer-stub')).textContent).toBe('1.2.3 vt');
    expect(sessionStorage.getItem(`viewer-token:${LINK}`)).toBe('vt');
    expect(screen.getByText('Lee, Ann')).toBeTruthy();
    expect(screen.getByTestId('viewer-footer').textContent).toContain('Privacy Policy');
  });

  it('shows the viewer at once when no password is needed', async () => {
    fakeApi({ [`GET ${SHARING_API.viewerConfig(LINK)}`]: [200, { ...opened, need_password: false }] });
    openPage();
    expect(await screen.findByTestId('viewer-stub')).toBeTruthy();
    expect(screen.queryByTestId('viewer-gate')).toBeNull();
  });

  it('opens About, Terms of Service and Privacy Policy over the page, which keeps the viewer the password opened', async () => {
    fakeApi({ [`GET ${SHARING_API.viewerConfig(LINK)}`]: [200, { ...opened, need_password: false }] });
    openPage();
    await screen.findByTestId('viewer-stub');
    for (const [key, title] of [
      ['about', 'About'],
      ['terms', 'Terms of Service'],
      ['privacy', 'Privacy Policy'],
    ]) {
      fireEvent.click(screen.getByTestId(`viewer-footer-${key}`));
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(dialog.textContent!.length).toBeGreaterThan(title.length + 40);
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    }
    expect(screen.getByTestId('viewer-stub')).toBeTruthy();
  });

  it('says the link is unavailable when the config answers 404', async () => {
    fakeApi({});
    openPage();
    expect(await screen.findByText(MESSAGES.viewerLinkUnavailable)).toBeTruthy();
  });

  it('Download All saves the returned url through a hidden frame (the page stays), or shows the message of an isError answer as a toast', async () => {
    const frames = () => [...document.querySelectorAll('iframe')].map((f) => f.getAttribute('src'));
    let answer = { isError: false, message: '', url: '/api/imaging/archive/dl-1' };
    const calls = fakeApi({
      [`GET ${SHARING_API.viewerConfig(LINK)}`]: [200, { ...opened, need_password: false }],
      [`POST ${SHARING_API.downloadViewerStudies(LINK)}`]: () => [200, answer],
    });
    openPage();
    fireEvent.click(await screen.findByTestId('viewer-download-all'));
    await waitFor(() => expect(frames()).toEqual(['/api/imaging/archive/dl-1']));
    const download = (global.fetch as jest.Mock).mock.calls.find(([url]) =>
      String(url).endsWith('/downloadStudies'),
    );
    expect(download[1].headers['image-viewer-token']).toBe('vt');
    answer = { isError: true, message: 'The studies cannot be downloaded now', url: '' };
    // The button waits while a download is being asked for: click once it is usable again.
    const button = () => screen.getByTestId('viewer-download-all') as HTMLButtonElement;
    await waitFor(() => expect(button().disabled).toBe(false));
    fireEvent.click(button());
    expect(await screen.findByText('The studies cannot be downloaded now')).toBeTruthy();
    expect(frames()).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });
});
