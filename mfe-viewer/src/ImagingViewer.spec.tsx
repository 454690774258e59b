import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import {
  ANNOTATION_MESSAGES,
  DEFAULT_IMAGE_INTERVAL_MS,
  IMAGING_API,
  MESSAGES,
  type ImagingStudy,
} from '@portal/contracts';
import { getPurgedImages, setPurgedImages } from '@portal/session';
import { fakeApi, signIn, type FakeRoutes } from '@portal/ui/testing';
import ImagingViewer, { playInterval } from './ImagingViewer';
import { resetViewerStore } from './viewer-store';
import type { StackLoad } from './viewer/use-stack-display';

// Cornerstone needs a real canvas: the spec drives the stack's load and checks what the viewer makes of it.
const FRAME = (sop: string) =>
  `wadors:http://localhost/api/dicomweb/studies/1.2.3/series/1.2.3.4/instances/${sop}/frames/1`;
const stack: { load: StackLoad; display: Record<string, jest.Mock> } = {
  load: { phase: 'ready', loaded: 3, total: 3, usable: 3 },
  display: {
    showImage: jest.fn(),
    reset: jest.fn(),
    setPreset: jest.fn(),
    // The image shown is the first; the stack is the three instances in order.
    currentImageId: jest.fn(() => FRAME('1.2.3.4.0')),
    indexOf: jest.fn((id: string) => [0, 1, 2].map((i) => FRAME(`1.2.3.4.${i}`)).indexOf(id)),
    measuringTarget: jest.fn(),
  },
};
jest.mock('./viewer/use-stack-display', () => ({ useStackDisplay: () => stack }));

const STUDY = '1.2.3';
const study = (instances: number): ImagingStudy => ({
  study_uid: STUDY,
  modality: 'CT',
  study_description: 'Chest',
  study_date: '2024-05-01',
  patient_first_name: 'Ann',
  patient_last_name: 'Lee',
  total_instances: instances,
  series: [
    {
      series_uid: '1.2.3.4',
      series_number: 1,
      modality: 'CT',
      series_description: 'Axial',
      instances: Array.from({ length: instances }, (_, i) => ({
        instance_uid: `1.2.3.4.${i}`,
        instance_number: i + 1,
        frame: 1,
      })),
    },
  ],
});

const routes = (over: FakeRoutes = {}) =>
  fakeApi({
    [`GET ${IMAGING_API.viewerToken(STUDY)}`]: [200, { jwt: 'vt', study_available: true }],
    [`GET ${IMAGING_API.viewerStudy(STUDY, 'req-1')}`]: [200, study(3)],
    [`GET ${IMAGING_API.imageInterval}`]: [200, { value: 100 }],
    [`GET ${IMAGING_API.annotations(STUDY)}`]: [
      200,
      { measurements: [], keyImages: [], version: 0, canWrite: true },
    ],
    ...over,
  });

const open = () =>
  render(<ImagingViewer studyInstanceUid={STUDY} patientRequestId="req-1" title="Chest CT" />);
const viewer = () => screen.getByTestId('imaging-viewer');

beforeEach(() => {
  resetViewerStore();
  signIn();
  stack.load = { phase: 'ready', loaded: 3, total: 3, usable: 3 };
  setPurgedImages([]);
});

describe('ImagingViewer', () => {
  it('asks the token with the session, then the study with the image-viewer-token header, and shows the header and title line', async () => {
    const calls = routes();
    open();
    await waitFor(() => expect(viewer().getAttribute('data-state')).toBe('ready'));
    expect(calls.map((c) => c.path)).toEqual(
      expect.arrayContaining([IMAGING_API.viewerToken(STUDY), IMAGING_API.viewerStudy(STUDY, 'req-1')]),
    );
    const studyCall = (global.fetch as jest.Mock).mock.calls.find(([url]) =>
      String(url).includes('/organizations/'),
    );
    expect(studyCall[1].headers['image-viewer-token']).toBe('vt');
    expect(screen.getByTestId('viewer-header').textContent).toContain('CT');
    expect(screen.getByTestId('viewer-header').textContent).toContain('Lee, Ann');
    expect(screen.getByTestId('viewer-title').textContent).toContain('Ann Lee · 2024-05-01 · 3 instances');
  });

  it("heads the study with the record's patient, not the name written in the DICOM", async () => {
    routes();
    render(
      <ImagingViewer
        studyInstanceUid={STUDY}
        patientRequestId="req-1"
        title="Chest CT"
        patientName="Pat Jordan"
      />,
    );
    await waitFor(() => expect(viewer().getAttribute('data-state')).toBe('ready'));
    expect(screen.getByTestId('viewer-header').textContent).toContain('Pat Jordan');
    expect(screen.getByTestId('viewer-header').textContent).not.toContain('Lee');
    expect(screen.getByTestId('viewer-title').textContent).toContain('Pat Jordan · 2024-05-01 · 3 instances');
  });

  it('says how many images loaded, with the percent rounded down', async () => {
    stack.load = { phase: 'loading', loaded: 2, total: 3, usable: 3 };
    routes();
    open();
    await screen.findByText('2 out of 3 images loaded');
    expect(screen.getByTestId('viewer-progress').textContent).toContain('66%');
    expect(viewer().getAttribute('data-loaded')).toBe('2');
    expect(viewer().getAttribute('data-total')).toBe('3');
  });

  it('steps with the buttons and the arrow keys and disables the ends', async () => {
    routes();
    open();
    await waitFor(() => expect(screen.getByTestId('viewer-frame').textContent).toContain('1 / 3'));
    expect((screen.getByTestId('viewer-prev') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('viewer-next'));
    expect(screen.getByTestId('viewer-frame').textContent).toContain('2 / 3');
    fireEvent.keyDown(document.body, { key: 'ArrowRight' });
    expect(screen.getByTestId('viewer-frame').textContent).toContain('3 / 3');
    expect((screen.getByTestId('viewer-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(document.body, { key: 'ArrowLeft' });
    expect(screen.getByTestId('viewer-frame').textContent).toContain('2 / 3');
    expect(stack.display.showImage).toHaveBeenLastCalledWith(1);
    fireEvent.click(screen.getByTestId('viewer-stop'));
    expect(screen.getByTestId('viewer-frame').textContent).toContain('1 / 3');
  });

  it('disables play, pause and stop with one image', async () => {
    stack.load = { phase: 'ready', loaded: 1, total: 1, usable: 1 };
    routes({ [`GET ${IMAGING_API.viewerStudy(STUDY, 'req-1')}`]: [200, study(1)] });
    open();
    await waitFor(() => expect(viewer().getAttribute('data-state')).toBe('ready'));
    ['viewer-play', 'viewer-pause', 'viewer-stop', 'viewer-prev', 'viewer-next'].forEach((id) =>
      expect((screen.getByTestId(id) as HTMLButtonElement).disabled).toBe(true),
    );
  });

  it('says No Preview Available when the study has no instances', async () => {
    routes({ [`GET ${IMAGING_API.viewerStudy(STUDY, 'req-1')}`]: [200, study(0)] });
    open();
    await screen.findByText(MESSAGES.noPreview);
    expect(viewer().getAttribute('data-state')).toBe('empty');
  });

  it('closes the viewer with Error fetching images when the token or the study call fails', async () => {
    routes({ [`GET ${IMAGING_API.viewerStudy(STUDY, 'req-1')}`]: [403, { message: 'no' }] });
    open();
    await screen.findByText(MESSAGES.errorFetchingImages);
    expect(viewer().getAttribute('data-state')).toBe('error');
    expect(screen.queryByTestId('viewer-viewport')).toBeNull();
  });

  it('says Error loading images when no image decodes', async () => {
    stack.load = { phase: 'errorLoading', loaded: 0, total: 3, usable: 0 };
    routes();
    open();
    await screen.findByText(MESSAGES.errorLoadingImages);
    expect(viewer().getAttribute('data-state')).toBe('error');
  });

  it('tells a study not yet available is being fetched and remembers it in the purged-images list', async () => {
    routes({ [`GET ${IMAGING_API.viewerToken(STUDY)}`]: [200, { jwt: null, study_available: false }] });
    open();
    await screen.findByText(MESSAGES.imageBeingFetched);
    expect(viewer().getAttribute('data-state')).toBe('fetching');
    await waitFor(() => expect(getPurgedImages()).toEqual([STUDY]));
  });

  it('uses a given token without asking the session for one', async () => {
    const calls = routes();
    render(<ImagingViewer studyInstanceUid={STUDY} patientRequestId="req-1" token="link-token" />);
    await waitFor(() => expect(viewer().getAttribute('data-state')).toBe('ready'));
    expect(calls.some((c) => c.path === IMAGING_API.viewerToken(STUDY))).toBe(false);
  });

  it("marks the image shown as a key image and saves the owner's set at its version", async () => {
    const calls = routes({
      [`PUT ${IMAGING_API.annotations(STUDY)}`]: (call) => [
        200,
        { ...call.body, version: 1, canWrite: true },
      ],
    });
    open();
    const key = await screen.findByTestId('viewer-key-image');
    await waitFor(() => expect(key.hasAttribute('disabled')).toBe(false));
    fireEvent.click(key);
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: 3000 });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      measurements: [],
      keyImages: [{ seriesUid: '1.2.3.4', sopInstanceUid: '1.2.3.4.0', frame: 1 }],
      version: 0,
    });
    expect(screen.getByTestId('key-image').textContent).toBe('Image 1');
    expect(key.getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the key images of a shared study read-only, saying only the owner can change them', async () => {
    const calls = routes({
      [`GET ${IMAGING_API.annotations(STUDY)}`]: [
        200,
        {
          measurements: [],
          keyImages: [{ seriesUid: '1.2.3.4', sopInstanceUid: '1.2.3.4.2', frame: 1 }],
          version: 4,
          canWrite: false,
        },
      ],
    });
    render(<ImagingViewer studyInstanceUid={STUDY} patientRequestId="req-1" token="link-token" />);
    const chip = await screen.findByTestId('key-image');
    expect(chip.textContent).toBe('Image 3');
    expect(screen.getByTestId('viewer-key-image').hasAttribute('disabled')).toBe(true);
    expect(screen.getByTestId('annotations-note').textContent).toBe(ANNOTATION_MESSAGES.readOnly);
    fireEvent.click(chip);
    await waitFor(() => expect(screen.getByTestId('viewer-frame').textContent).toBe('3 / 3'));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('plays at 40 ms until the server answers its interval', () => {
    expect(playInterval(undefined)).toBe(DEFAULT_IMAGE_INTERVAL_MS);
    expect(playInterval({ value: 0 })).toBe(DEFAULT_IMAGE_INTERVAL_MS);
    expect(playInterval({ value: 120 })).toBe(120);
  });
});
