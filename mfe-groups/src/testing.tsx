/** Test helpers of mfe-groups' unit tests (never imported by the app): the shared ones, with this remote's API. */
import { remoteRenderer } from '@portal/ui/testing';
import { api } from './api';

export { fakeApi, signIn, type FakeCall, type FakeRoutes } from '@portal/ui/testing';
export const renderAt = remoteRenderer(api);
