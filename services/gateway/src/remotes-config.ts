import * as fs from 'node:fs';
import { REMOTES, type RemoteName, type RemotesManifest } from '@portal/contracts';
import type { PortalConfig } from '@portal/server-kit';

/**
 * Where each remote's remoteEntry.js lives. Default: served by this gateway under /remotes/<name>/.
 * REMOTES_JSON (a file) or REMOTE_<NAME>_URL (e.g. REMOTE_MFE_AUTH_URL) move a remote elsewhere
 * without rebuilding the shell.
 */
export const remotesManifest = (
  config: Pick<PortalConfig, 'remotesJson' | 'remoteUrls'>,
  origin: string,
): RemotesManifest => {
  const fromFile: Partial<RemotesManifest> = config.remotesJson
    ? JSON.parse(fs.readFileSync(config.remotesJson, 'utf8'))
    : {};
  return Object.fromEntries(
    REMOTES.map((r) => [r, config.remoteUrls[r] ?? fromFile[r] ?? `${origin}/remotes/${r}/remoteEntry.js`]),
  ) as RemotesManifest;
};

/** Origins other than our own that serve remotes: the content security policy must allow them. */
export const remoteOrigins = (config: Pick<PortalConfig, 'remotesJson' | 'remoteUrls'>): string[] => {
  const m = remotesManifest(config, '');
  return [
    ...new Set(
      Object.values(m)
        .filter((u) => /^https?:\/\//.test(u))
        .map((u) => new URL(u).origin),
    ),
  ];
};

export const isRemoteName = (v: string): v is RemoteName => (REMOTES as readonly string[]).includes(v);
