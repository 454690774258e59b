import { MESSAGES, ON_BEHALF_OF_HEADER } from '@portal/contracts';
import { clearSession, getToken, setRouteTable } from '@portal/session';
import {
  ApiError,
  actingHeader,
  apiFetch,
  bytesCall,
  configureApiOrigin,
  errorMessage,
  redirect,
} from './http';
import { portalBaseQuery } from './base-query';
import { answer as json, signIn } from './testing';

describe('apiFetch', () => {
  const fetchMock = jest.fn();
  const go = jest.fn();
  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    go.mockReset();
    global.fetch = fetchMock as unknown as typeof fetch;
    redirect.to = go;
    setRouteTable('new');
    document.cookie = 'XSRF-TOKEN=csrf-value';
  });

  it('sends JSON, cookies, bearer token and the CSRF header', async () => {
    signIn();
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await expect(apiFetch('/api/x', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0];
    expect(init.credentials).toBe('include');
    expect(init.headers.Authorization).toBe('Bearer tok');
    expect(init.headers['x-csrf-token']).toBe('csrf-value');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.body).toBe('{"a":1}');
  });

  it('on 401 clears the session and goes to /home (new table)', async () => {
    signIn();
    fetchMock.mockResolvedValue(
      json(401, { statusCode: 401, code: 'AUTH.UNAUTHENTICATED', message: 'Please sign in to continue' }),
    );
    await expect(apiFetch('/api/myRecords/studyData')).rejects.toThrow('Please sign in to continue');
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('userData')).toBeNull();
    expect(go).toHaveBeenCalledWith('/home');
  });

  it('a 401 that answers a session already ended (logout in flight) sends nobody anywhere', async () => {
    signIn();
    fetchMock.mockImplementation(async () => {
      clearSession();
      return json(401, {
        statusCode: 401,
        code: 'AUTH.UNAUTHENTICATED',
        message: 'Please sign in to continue',
      });
    });
    await expect(apiFetch('/api/myRecords/studyData')).rejects.toBeInstanceOf(ApiError);
    expect(go).not.toHaveBeenCalled();
  });

  it('a 401 to a call sent without a session (a screen still loading after logout) sends nobody anywhere', async () => {
    fetchMock.mockResolvedValue(
      json(401, { statusCode: 401, code: 'AUTH.UNAUTHENTICATED', message: 'Please sign in to continue' }),
    );
    await expect(apiFetch('/api/v2/myRecords/fetchData')).rejects.toThrow('Please sign in to continue');
    expect(go).not.toHaveBeenCalled();
  });

  it('on 401 goes to /login with the legacy table', async () => {
    signIn();
    setRouteTable('legacy');
    fetchMock.mockResolvedValue(json(401, undefined, 'Unauthorized'));
    await expect(apiFetch('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(go).toHaveBeenCalledWith('/login');
  });

  it('does not redirect for the login call itself', async () => {
    fetchMock.mockResolvedValue(
      json(401, { statusCode: 401, code: 'AUTH.INVALID_CREDENTIALS', message: MESSAGES.invalidCredentials }),
    );
    await expect(apiFetch('/api/auth/login', { method: 'POST', body: {} })).rejects.toThrow(
      MESSAGES.invalidCredentials,
    );
    expect(go).not.toHaveBeenCalled();
  });

  it('retries a GET on 504 every 2 s when a retry count is given', async () => {
    jest.useFakeTimers();
    fetchMock
      .mockResolvedValueOnce(json(504, undefined, 'Gateway Timeout'))
      .mockResolvedValueOnce(json(200, [1]));
    const p = apiFetch('/api/x', { retry: 1 });
    await jest.advanceTimersByTimeAsync(2000);
    await expect(p).resolves.toEqual([1]);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    jest.useRealTimers();
  });

  it('error text: server message, else Error status - text, else Something went wrong', () => {
    expect(
      errorMessage(400, 'Bad Request', {
        statusCode: 400,
        code: 'REQUEST.VALIDATION_FAILED',
        message: 'Nope',
      }),
    ).toBe('Nope');
    expect(errorMessage(502, 'Bad Gateway', undefined)).toBe('Error 502 - Bad Gateway');
    expect(errorMessage(500, '', undefined)).toBe('Something went wrong');
  });

  it('the RTK Query base query returns errors as data', async () => {
    fetchMock.mockResolvedValue(
      json(409, { statusCode: 409, code: 'AUTH.EMAIL_TAKEN', message: MESSAGES.emailTaken }),
    );
    const result = await portalBaseQuery()(
      { url: '/auth/createAccount', method: 'POST', body: {} },
      { signal: new AbortController().signal } as never,
      {},
    );
    expect(result.error).toEqual({
      status: 409,
      message: MESSAGES.emailTaken,
      code: 'AUTH.EMAIL_TAKEN',
      errors: undefined,
    });
  });
});

describe('acting for a group member (decision 0027)', () => {
  const fetchMock = jest.fn();
  beforeEach(() => {
    fetchMock.mockReset();
    fetchMock.mockResolvedValue(json(200, {}));
    global.fetch = fetchMock as unknown as typeof fetch;
  });
  afterEach(() => {
    configureApiOrigin('');
    window.history.replaceState(null, '', '/');
  });
  const sent = async () => {
    await apiFetch('/api/x');
    return fetchMock.mock.calls.at(-1)![1].headers as Record<string, string>;
  };

  it('names the member of the person path on every call', async () => {
    window.history.replaceState(null, '', '/groups/g1/user/u1/patient/my-records/all-requests');
    expect((await sent())[ON_BEHALF_OF_HEADER]).toBe('g1/u1');
    window.history.replaceState(null, '', '/groupAdmin/a1/groups/g2/user/u2/myRecords');
    expect((await sent())[ON_BEHALF_OF_HEADER]).toBe('g2/u2');
  });

  it('names nobody elsewhere, nor from an embedded wizard', async () => {
    window.history.replaceState(null, '', '/groups/g1');
    expect((await sent())[ON_BEHALF_OF_HEADER]).toBeUndefined();
    window.history.replaceState(null, '', '/patient/my-records/all-requests');
    expect((await sent())[ON_BEHALF_OF_HEADER]).toBeUndefined();
    expect(actingHeader('/groups/g1/user/u1/info')).toEqual({ [ON_BEHALF_OF_HEADER]: 'g1/u1' });
    configureApiOrigin('https://portal.example');
    expect(actingHeader('/groups/g1/user/u1/info')).toEqual({});
  });
});

describe('bytesCall: the call a worker makes for the page', () => {
  afterEach(() => configureApiOrigin(''));

  it('is the address and the headers apiFetch would send for bytes', () => {
    signIn();
    document.cookie = 'XSRF-TOKEN=csrf-value';
    const call = bytesCall('/api/dicomweb/x', { Accept: 'multipart/related', 'x-viewer-token': 'v' });
    expect(call.url).toBe(`${window.location.origin}/api/dicomweb/x`);
    expect(call.headers).toMatchObject({
      Accept: 'multipart/related',
      Authorization: 'Bearer tok',
      'x-csrf-token': 'csrf-value',
      'x-viewer-token': 'v',
    });
    expect(call.headers['Content-Type']).toBeUndefined();
    expect(bytesCall('/api/y').headers.Accept).toBe('*/*');
  });

  it("goes to the portal's origin from an embedded bundle", () => {
    configureApiOrigin('https://portal.example');
    expect(bytesCall('/api/y').url).toBe('https://portal.example/api/y');
  });
});
