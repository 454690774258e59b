import { Inject, Injectable } from '@nestjs/common';
import {
  CONFIG,
  openToken,
  type PortalConfig,
  sealingKey,
  sealToken,
  viewerSecret,
} from '@portal/server-kit';
import { reportLinkExpired } from '../provider.errors';

const ISSUER = 'portal-provider-report';

/** What a report's download identifier opens: one stored file. */
export interface ReportFile {
  key: string;
  contentType: string;
  fileName: string;
}

/**
 * Download identifiers of delivered reports: a frame sends no bearer token, so the identifier is the
 * proof. It is sealed with the installation's key (nobody can read or forge the blob key inside) and
 * short-lived; the facility's right to the report is checked when it is issued.
 */
@Injectable()
export class ReportLinks {
  private readonly key: Uint8Array;

  constructor(@Inject(CONFIG) config: Pick<PortalConfig, 'dataDir' | 'viewerTokenSecret'>) {
    this.key = sealingKey(viewerSecret(config));
  }

  issue(file: ReportFile, ttlSeconds: number): Promise<string> {
    return sealToken(
      this.key,
      ISSUER,
      { key: file.key, contentType: file.contentType, fileName: file.fileName },
      ttlSeconds,
    );
  }

  /** The file of a valid identifier; 404 for a forged, altered or expired one. */
  async open(identifier: string): Promise<ReportFile> {
    try {
      const claims = await openToken(this.key, ISSUER, identifier);
      if (
        typeof claims.key !== 'string' ||
        typeof claims.contentType !== 'string' ||
        typeof claims.fileName !== 'string'
      )
        throw new Error('wrong claims');
      return { key: claims.key, contentType: claims.contentType, fileName: claims.fileName };
    } catch {
      throw reportLinkExpired();
    }
  }
}
