import { execFileSync } from 'node:child_process';
import * as os from 'node:os';

/**
 * Chromium gathers no ICE candidates on loopback alone, so two browsers on a machine with no other
 * interface cannot reach each other. Where that is so (and only then), the journey gives the machine
 * an interface of its own for its length: a veth pair with a private address, made as root and
 * removed after. A machine with a real interface is left alone.
 */
const LINK = 'portal-e2e0';
const PEER = 'portal-e2e1';
const ADDRESS = '10.213.77.1/24';

const hasNonLoopbackIPv4 = () =>
  Object.values(os.networkInterfaces()).some((list) => list?.some((i) => i.family === 'IPv4' && !i.internal));

export const ensureMediaNetwork = (): (() => void) => {
  if (hasNonLoopbackIPv4()) return () => undefined;
  if (process.getuid?.() !== 0)
    throw new Error('WebRTC between two browsers needs an interface besides loopback (or root to make one)');
  const ip = (...args: string[]) => execFileSync('ip', args, { stdio: 'pipe' });
  ip('link', 'add', LINK, 'type', 'veth', 'peer', 'name', PEER);
  ip('addr', 'add', ADDRESS, 'dev', LINK);
  ip('link', 'set', LINK, 'up');
  ip('link', 'set', PEER, 'up');
  return () => {
    try {
      ip('link', 'del', LINK);
    } catch {
      // Already gone.
    }
  };
};
