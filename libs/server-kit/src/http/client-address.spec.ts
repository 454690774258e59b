import type { IncomingMessage } from 'node:http';
import { loadConfig } from '../config';
import { clientAddress, CONTEXT_TRUSTED_PROXIES, isLocalCaller, trustedProxies } from './client-address';

const req = (peer: string, headers: Record<string, string> = {}) =>
  ({ socket: { remoteAddress: peer }, headers }) as unknown as IncomingMessage;

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const none = trustedProxies(loadConfig({}));
    expect(clientAddress(req('203.0.113.9', { 'x-forwarded-for': '1.2.3.4' }), none)).toBe('203.0.113.9');
  });

  it("walks X-Forwarded-For from the right while the hop is trusted, never believing a client's own entries", () => {
    const trust = trustedProxies(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.1' }));
    expect(
      clientAddress(req('10.0.0.2', { 'x-forwarded-for': '6.6.6.6, 198.51.100.7, 192.168.1.1' }), trust),
    ).toBe('198.51.100.7');
    expect(clientAddress(req('10.0.0.2'), trust)).toBe('10.0.0.2');
  });

  it('a context alone trusts the gateway on loopback by default, and only it', () => {
    const trust = trustedProxies(loadConfig({}), CONTEXT_TRUSTED_PROXIES);
    expect(clientAddress(req('127.0.0.1', { 'x-forwarded-for': '198.51.100.7' }), trust)).toBe(
      '198.51.100.7',
    );
    expect(clientAddress(req('10.1.1.1', { 'x-forwarded-for': '198.51.100.7' }), trust)).toBe('10.1.1.1');
    // TRUSTED_PROXIES given (even empty) replaces the default.
    expect(
      clientAddress(
        req('127.0.0.1', { 'x-forwarded-for': '198.51.100.7' }),
        trustedProxies(loadConfig({ TRUSTED_PROXIES: '' }), CONTEXT_TRUSTED_PROXIES),
      ),
    ).toBe('127.0.0.1');
  });
});

describe('isLocalCaller', () => {
  it('is a loopback socket that no proxy forwarded', () => {
    expect(isLocalCaller(req('127.0.0.1'))).toBe(true);
    expect(isLocalCaller(req('::1'))).toBe(true);
    expect(isLocalCaller(req('::ffff:127.0.0.1'))).toBe(true);
    expect(isLocalCaller(req('127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }))).toBe(false);
    expect(isLocalCaller(req('127.0.0.1', { forwarded: 'for=203.0.113.9' }))).toBe(false);
    expect(isLocalCaller(req('192.168.1.20'))).toBe(false);
  });
});
