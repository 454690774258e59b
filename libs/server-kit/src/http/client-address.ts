import type { IncomingMessage } from 'node:http';
import * as proxyAddr from 'proxy-addr';
import type { PortalConfig } from '../config';

/** Whether the hop at `address` (0: the socket's peer) is a proxy whose X-Forwarded-For we believe. */
export type TrustedProxy = (address: string, hop: number) => boolean;

/**
 * Who we believe about a caller's address: TRUSTED_PROXIES (addresses, CIDRs, or proxy-addr's names
 * loopback, linklocal, uniquelocal). Unset, the gateway (the public edge) trusts no one and reads the
 * socket; a context running alone trusts loopback, where the gateway that forwards to it sits.
 */
export const trustedProxies = (
  config: Pick<PortalConfig, 'trustedProxies'>,
  fallback: readonly string[] = [],
): TrustedProxy => proxyAddr.compile([...(config.trustedProxies ?? fallback)]);

/** What a context alone trusts by default: the gateway on the same machine. */
export const CONTEXT_TRUSTED_PROXIES = ['loopback'] as const;

/**
 * The caller's address: the socket's peer, or, while that peer is a trusted proxy, the next address of
 * X-Forwarded-For from the right. A client's own X-Forwarded-For is never believed: an untrusted peer
 * stops the walk at the socket.
 */
export const clientAddress = (req: IncomingMessage, trust: TrustedProxy): string => {
  const peer = req.socket.remoteAddress ?? '';
  const header = req.headers['x-forwarded-for'];
  if (!header || !trust(peer, 0)) return peer;
  const hops = [
    peer,
    ...(Array.isArray(header) ? header.join(',') : header)
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean)
      .reverse(),
  ];
  for (let i = 0; i < hops.length - 1; i++) if (!trust(hops[i], i)) return hops[i];
  return hops[hops.length - 1];
};

const LOOPBACK = proxyAddr.compile(['loopback']);
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

/**
 * A caller on this machine itself: a loopback socket that no proxy forwarded (a proxy on the same host
 * would otherwise make every remote caller look local). Demo conveniences (the dev inbox) and the
 * details of /health answer only to it.
 */
export const isLocalCaller = (req: IncomingMessage): boolean =>
  LOOPBACK(req.socket.remoteAddress ?? '', 0) &&
  !FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
