import { act, renderHook, waitFor } from '@testing-library/react';
import { VIEWER_TOKEN_HEADER } from '@portal/contracts';
import { getToken, setRouteTable } from '@portal/session';
import { redirect } from './http';
import { useObjectUrl, withViewerToken } from './object-url';
import { answer as reply, signIn } from './testing';

const bytes = () => reply(200, 'png');

describe('useObjectUrl', () => {
  let fetchMock: jest.Mock;
  let made: string[];
  let revoked: string[];
  beforeEach(() => {
    localStorage.clear();
    setRouteTable('new');
    document.cookie = 'XSRF-TOKEN=csrf-value';
    made = [];
    revoked = [];
    URL.createObjectURL = jest.fn(() => {
      made.push(`blob:${made.length}`);
      return made[made.length - 1];
    });
    URL.revokeObjectURL = jest.fn((u: string) => void revoked.push(u));
    fetchMock = jest.fn(async () => bytes());
    global.fetch = fetchMock as unknown as typeof fetch;
  });

  const headersOf = (call: number) =>
    (fetchMock.mock.calls[call][1] as RequestInit).headers as Record<string, string>;

  it("fetches the bytes with the base query's headers and revokes their object URL on unmount", async () => {
    signIn();
    const { result, unmount } = renderHook(() =>
      useObjectUrl('/api/imaging/studies/1.2/thumbnail', { headers: { Accept: 'image/png' } }),
    );
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', url: 'blob:0' }));
    expect(fetchMock.mock.calls[0][0]).toBe('/api/imaging/studies/1.2/thumbnail');
    expect(headersOf(0)).toMatchObject({
      Accept: 'image/png',
      Authorization: 'Bearer tok',
      'x-csrf-token': 'csrf-value',
    });
    expect(revoked).toEqual([]);
    unmount();
    expect(revoked).toEqual(['blob:0']);
  });

  it('sends the viewer token in its header, and a 401 to it ends no session', async () => {
    signIn();
    const go = jest.fn();
    redirect.to = go;
    fetchMock
      .mockResolvedValueOnce(bytes())
      .mockResolvedValueOnce(
        reply(401, { statusCode: 401, code: 'AUTH.UNAUTHENTICATED', message: 'The link has expired' }),
      );
    const { result, rerender } = renderHook(
      ({ url }) => useObjectUrl(url, withViewerToken('view-tok', { Accept: 'image/png, image/jpeg' })),
      {
        initialProps: { url: '/api/dicomweb/studies/1/series/2/thumbnail' },
      },
    );
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(headersOf(0)[VIEWER_TOKEN_HEADER]).toBe('view-tok');
    expect(headersOf(0).Accept).toBe('image/png, image/jpeg');
    rerender({ url: '/api/dicomweb/studies/1/series/3/thumbnail' });
    await waitFor(() =>
      expect(result.current).toEqual({
        status: 'failed',
        error: expect.objectContaining({ status: 401, message: 'The link has expired' }),
      }),
    );
    expect(go).not.toHaveBeenCalled();
    expect(getToken()).toBe('tok');
  });

  it('a new url revokes the old bytes and never answers them for the new one', async () => {
    const { result, rerender } = renderHook(({ url }) => useObjectUrl(url), {
      initialProps: { url: '/api/a' },
    });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', url: 'blob:0' }));
    rerender({ url: '/api/b' });
    expect(result.current).toEqual({ status: 'loading' });
    expect(revoked).toEqual(['blob:0']);
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', url: 'blob:1' }));
    // Back to the first url: its old, revoked bytes are not shown again; they are fetched anew.
    rerender({ url: '/api/a' });
    expect(result.current).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current).toEqual({ status: 'ready', url: 'blob:2' }));
    expect(revoked).toEqual(['blob:0', 'blob:1']);
  });

  it("a failure answers the server's message and makes no object URL", async () => {
    fetchMock.mockResolvedValue(
      reply(404, { statusCode: 404, code: 'IMAGING.STUDY_NOT_FOUND', message: 'Study not found' }),
    );
    const { result } = renderHook(() => useObjectUrl('/api/imaging/studies/9/thumbnail'));
    await waitFor(() => expect(result.current.status).toBe('failed'));
    expect(result.current).toEqual({
      status: 'failed',
      error: { status: 404, message: 'Study not found', code: 'IMAGING.STUDY_NOT_FOUND', errors: undefined },
    });
    expect(made).toEqual([]);
  });

  it('bytes that arrive after the component went are revoked at once', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { unmount } = renderHook(() => useObjectUrl('/api/a'));
    unmount();
    await act(async () => answer(bytes()));
    await waitFor(() => expect(revoked).toEqual(['blob:0']));
  });

  it('null fetches nothing', () => {
    const { result } = renderHook(() => useObjectUrl(null));
    expect(result.current).toEqual({ status: 'idle' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
