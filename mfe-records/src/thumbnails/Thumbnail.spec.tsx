import { act, render, screen, waitFor } from '@testing-library/react';
import { IMAGING_API } from '@portal/contracts';
import { signIn } from '../testing';
import { Thumbnail } from './Thumbnail';

describe('Thumbnail', () => {
  const created: string[] = [];
  const revoked: string[] = [];
  beforeEach(() => {
    localStorage.clear();
    signIn();
    created.length = 0;
    revoked.length = 0;
    URL.createObjectURL = jest.fn(() => {
      created.push(`blob:${created.length}`);
      return created[created.length - 1];
    });
    URL.revokeObjectURL = jest.fn((u: string) => void revoked.push(u));
  });

  it('fetches the study thumbnail with the bearer, shows it through an object URL and revokes it on unmount', async () => {
    const fetchMock = jest.fn(
      async () => ({ ok: true, status: 200, blob: async () => new Blob(['png']) }) as unknown as Response,
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    const { unmount } = render(<Thumbnail studyInstanceUid="1.2.3" modality="MR" label="MR Brain" />);
    const img = await screen.findByTestId('study-thumbnail');
    expect(img.getAttribute('src')).toBe('blob:0');
    expect(img.getAttribute('alt')).toBe('Thumbnail of MR Brain');
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(IMAGING_API.thumbnail('1.2.3'));
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    unmount();
    expect(revoked).toEqual(['blob:0']);
  });

  it('shows the modality placeholder when the thumbnail fails', async () => {
    global.fetch = jest.fn(async () => ({ ok: false, status: 404 }) as Response) as typeof fetch;
    render(<Thumbnail studyInstanceUid="1.2.3" modality="CT" label="CT Chest" />);
    await waitFor(() =>
      expect(screen.getByTestId('study-thumbnail-placeholder').getAttribute('data-state')).toBe('failed'),
    );
    expect(screen.getByTestId('study-thumbnail-placeholder').textContent).toBe('CT');
    expect(created).toEqual([]);
  });

  it('fetches nothing until the card comes into view', async () => {
    let trigger: (visible: boolean) => void = () => undefined;
    class FakeObserver {
      constructor(cb: IntersectionObserverCallback) {
        trigger = (visible) =>
          cb(
            [{ isIntersecting: visible } as IntersectionObserverEntry],
            this as unknown as IntersectionObserver,
          );
      }
      observe() {}
      disconnect() {}
    }
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = FakeObserver;
    const fetchMock = jest.fn(
      async () => ({ ok: true, status: 200, blob: async () => new Blob(['png']) }) as unknown as Response,
    );
    global.fetch = fetchMock as unknown as typeof fetch;
    try {
      render(<Thumbnail studyInstanceUid="1.2.3" modality="MR" label="MR Brain" />);
      expect(fetchMock).not.toHaveBeenCalled();
      act(() => trigger(true));
      expect(await screen.findByTestId('study-thumbnail')).toBeTruthy();
      expect(fetchMock).toHaveBeenCalledTimes(1);
    } finally {
      delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
    }
  });
});
