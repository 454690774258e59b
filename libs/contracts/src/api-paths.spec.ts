import { apiRoute, CONTEXT_APIS } from './api-paths';
import { AUTH_API } from './auth/api';
import { DICOMWEB_API } from './imaging/api';
import { PROVIDER_API } from './provider/api';
import { SHARING_API } from './sharing/api';

describe('apiRoute', () => {
  it('gives a fixed path under /api as a controller declares it', () => {
    expect(apiRoute(SHARING_API.sharedUsers)).toBe('getSharedUsersList');
    expect(apiRoute(PROVIDER_API.records)).toBe('provider/records');
  });

  it("puts the controller's param names in a path function's ids, in its order", () => {
    expect(apiRoute(SHARING_API.removeAccess, 'id')).toBe('removeAccess/:id');
    expect(apiRoute(PROVIDER_API.documents, 'id', 'docReqId')).toBe(':id/getDocuments/:docReqId');
    expect(apiRoute(DICOMWEB_API.retrieveInstanceFrames, 'study', 'series', 'sop', 'frames')).toBe(
      'dicomweb/studies/:study/series/:series/instances/:sop/frames/:frames',
    );
  });

  it('appends ids to a fixed path the spec appends them to', () => {
    expect(apiRoute(AUTH_API.checkUserEmail, 'email')).toBe('auth/checkUserEmail/:email');
  });

  it('refuses names that do not fit the ids, and a path outside /api', () => {
    expect(() => apiRoute(SHARING_API.removeAccess)).toThrow('1 ids, 0 names');
    expect(() => apiRoute(PROVIDER_API.documents, 'id')).toThrow('2 ids, 1 names');
    expect(() => apiRoute('/remotes.json')).toThrow('not under /api');
  });

  it('makes a route of every path of every context', () => {
    const routes = Object.values(CONTEXT_APIS)
      .flat()
      .flatMap((api) => Object.values(api))
      .map((path) =>
        apiRoute(
          path,
          ...Array.from({ length: typeof path === 'function' ? path.length : 0 }, (_, i) => `id${i}`),
        ),
      );
    expect(routes.length).toBeGreaterThan(150);
    // A segment may start with $: FHIR operations (Patient/{id}/$everything, $export).
    for (const route of routes) expect(route).toMatch(/^[\w:-]+(\/\$?[\w:.-]+)*$/);
  });
});
