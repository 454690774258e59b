import { MESSAGES } from '@portal/contracts';
import { apiPath, createRemoteApi, createRemoteStore, queryError } from './remote-api';

const json = (status: number, body: unknown) =>
  ({ status, statusText: '', ok: status < 300, text: async () => JSON.stringify(body) }) as Response;

describe('one RTK Query API per remote', () => {
  const api = createRemoteApi('testApi', ['Thing']).injectEndpoints({
    endpoints: (build) => ({
      getThing: build.query<{ id: number }, number>({
        query: (id) => `/things/${id}`,
        providesTags: ['Thing'],
      }),
      saveThing: build.mutation<{ ok: true }, { name: string }>({
        query: (body) => ({ url: '/things', method: 'POST', body }),
        invalidatesTags: ['Thing'],
      }),
    }),
  });

  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=x';
  });

  it('features inject endpoints into the one API; its store runs queries through the portal base query', async () => {
    const fetchMock = jest.fn().mockResolvedValue(json(200, { id: 7 }));
    global.fetch = fetchMock as unknown as typeof fetch;
    const store = createRemoteStore(api);
    const result = await store.dispatch(api.endpoints.getThing.initiate(7));
    expect(result.data).toEqual({ id: 7 });
    expect(fetchMock.mock.calls[0][0]).toBe('/api/things/7');
    expect(fetchMock.mock.calls[0][1].headers['x-csrf-token']).toBe('x');
  });

  it('a failed mutation unwraps to the server message and field messages', async () => {
    global.fetch = jest.fn().mockResolvedValue(
      json(409, {
        statusCode: 409,
        code: 'AUTH.EMAIL_TAKEN',
        message: MESSAGES.emailTaken,
        errors: { email: MESSAGES.emailTaken },
      }),
    ) as unknown as typeof fetch;
    const store = createRemoteStore(api);
    const failure = await store
      .dispatch(api.endpoints.saveThing.initiate({ name: 'a' }))
      .unwrap()
      .catch(queryError);
    expect(failure).toEqual({
      status: 409,
      message: MESSAGES.emailTaken,
      code: 'AUTH.EMAIL_TAKEN',
      errors: { email: MESSAGES.emailTaken },
    });
  });

  it('queryError gives any other failure the fallback text', () => {
    expect(queryError(undefined)).toEqual({ status: 0, message: MESSAGES.somethingWentWrong });
    expect(queryError(new Error('offline'))).toEqual({ status: 0, message: 'offline' });
  });

  it('apiPath strips the /api prefix the base query adds', () => {
    expect(apiPath('/api/myIdentity/getPerson')).toBe('/myIdentity/getPerson');
    expect(apiPath('/apiary')).toBe('/apiary');
  });
});
