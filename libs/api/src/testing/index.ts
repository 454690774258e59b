/** Helpers of libs/api's own specs (never imported by an app; libs/ui's remote-testing serves the remotes). */
import { saveLogin } from '@portal/session';

/** A signed-in patient whose bearer token is 'tok'. */
export const signIn = () =>
  saveLogin({
    token: 'tok',
    refresh_token: 'ref',
    expiryTime: Date.now() + 60_000,
    user: {
      userId: 'u',
      personId: 'p',
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.c',
      role: { mnemonic: 'PATIENT' },
      roles: ['PATIENT'],
    },
  });

/** A fetch answer: `body` as JSON text, and as bytes for a blob call. */
export const answer = (status: number, body: unknown, statusText = '') => {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    status,
    statusText,
    ok: status >= 200 && status < 300,
    text: async () => text,
    blob: async () => new Blob([text]),
  } as Response;
};
