import { act, render, screen, waitFor } from '@testing-library/react';
import { setRemoteModuleLoader } from '@portal/session';
import { RemoteComponent } from './remote-component';

const Viewer = ({ title }: { title: string }) => <p data-testid="viewer">{title}</p>;
const Crashing = (): never => {
  throw new Error('boom');
};

describe('RemoteComponent', () => {
  let errorSpy: jest.SpyInstance;
  beforeEach(() => {
    errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => {
    errorSpy.mockRestore();
    setRemoteModuleLoader(null);
  });

  it('shows the loading bar, then the exposed component with its props', async () => {
    let resolve: (m: unknown) => void = () => undefined;
    const loader = jest.fn(() => new Promise((r) => (resolve = r)));
    render(
      <RemoteComponent
        id="mfe_viewer/ImagingViewer"
        props={{ title: 'MR Brain' }}
        fallbackText="Unavailable"
        loader={loader}
      />,
    );
    expect(screen.queryByTestId('viewer')).toBeNull();
    expect(screen.queryByTestId('remote-component-fallback')).toBeNull();
    await waitFor(() => expect(loader).toHaveBeenCalled());
    expect(await screen.findByRole('progressbar')).toBeTruthy();
    await act(async () => resolve({ default: Viewer }));
    expect((await screen.findByTestId('viewer')).textContent).toBe('MR Brain');
    expect(loader).toHaveBeenCalledWith('mfe_viewer/ImagingViewer');
  });

  it('loads through the loader the shell registered in the session', async () => {
    const loader = jest.fn(async () => ({ default: Viewer }));
    setRemoteModuleLoader(loader);
    render(
      <RemoteComponent
        id="mfe_viewer/ImagingViewer"
        props={{ title: 'CT Chest' }}
        fallbackText="Unavailable"
      />,
    );
    expect((await screen.findByTestId('viewer')).textContent).toBe('CT Chest');
    expect(loader).toHaveBeenCalledWith('mfe_viewer/ImagingViewer');
  });

  it('shows the fallback text when the remote cannot load', async () => {
    render(
      <RemoteComponent
        id="mfe_viewer/ImagingViewer"
        props={{}}
        fallbackText="The viewer is unavailable"
        loader={() => Promise.reject(new Error('offline'))}
      />,
    );
    expect((await screen.findByTestId('remote-component-fallback')).textContent).toBe(
      'The viewer is unavailable',
    );
  });

  it('shows the fallback text when no shell registered a loader', async () => {
    render(
      <RemoteComponent id="mfe_viewer/ImagingViewer" props={{}} fallbackText="The viewer is unavailable" />,
    );
    expect((await screen.findByTestId('remote-component-fallback')).textContent).toBe(
      'The viewer is unavailable',
    );
  });

  it('shows the fallback text when the module has no component or the component crashes', async () => {
    const { unmount } = render(
      <RemoteComponent
        id="x/Nothing"
        props={{}}
        fallbackText="Unavailable"
        testId="a"
        loader={async () => undefined}
      />,
    );
    expect((await screen.findByTestId('a-fallback')).textContent).toBe('Unavailable');
    unmount();
    render(
      <RemoteComponent
        id="x/Crash"
        props={{}}
        fallbackText="Unavailable"
        testId="b"
        loader={async () => ({ default: Crashing })}
      />,
    );
    expect((await screen.findByTestId('b-fallback')).textContent).toBe('Unavailable');
  });
});
