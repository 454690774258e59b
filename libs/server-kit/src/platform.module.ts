import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  type DynamicModule,
  Global,
  Inject,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { loadConfig, type PortalConfig, refuseDemoDefaults } from './config';
import { CONFIG, DATABASE_URL, EVENT_BUS } from './tokens';
import { resolveDatabaseUrl, stopEmbedded } from './database/embedded';
import { InProcessBus } from './events/in-process.bus';
import { NatsBus } from './events/nats.bus';
import type { EventBus } from './events/bus';
import { KeyRing, SessionRevocations } from './auth/key-ring';
import { FhirCallers } from './auth/fhir-caller';
import { AuthGuard } from './auth/auth.guard';
import { ErrorFilter } from './errors/error.filter';
import { MailService } from './mail/mail.service';
import { ViewerTokens } from './viewer/viewer-tokens';
import { InvitationTokens } from './viewer/invitation-tokens';
import { DiskBlobStore, type BlobStore } from './blob/blob-store';
import { S3BlobStore } from './blob/s3-blob-store';
import type { EventEnvelope } from '@portal/contracts';

export const BLOB_STORE = Symbol('BLOB_STORE');

/** A secret every process of one installation shares without configuration: kept once under .data/. */
const sharedSecret = (config: PortalConfig, name: string, fromEnv?: string): string => {
  if (fromEnv) return fromEnv;
  const file = path.join(config.dataDir, `${name}.secret`);
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch {
    /* already there */
  }
  return fs.readFileSync(file, 'utf8').trim();
};

class RevocationFeed implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(EVENT_BUS) private readonly bus: EventBus,
    private readonly revocations: SessionRevocations,
    private readonly processName: string,
  ) {}
  async onModuleInit() {
    await this.bus.subscribe(`${this.processName}.revocations`, ['auth.session-revoked'], async (e) => {
      this.revocations.revokeSessions((e as EventEnvelope<'auth.session-revoked'>).payload.sessionIds);
    });
  }
  async onApplicationShutdown() {
    await this.bus.close();
  }
}

/**
 * Stops the embedded PostgreSQL this process supervises once the app has closed its pools (SIGINT,
 * SIGTERM or app.close()): the server is in a process group of its own, so a signal to the portal
 * does not reach it, and Nest ends the process by re-raising the signal, without an 'exit' event.
 */
class EmbeddedDatabaseShutdown implements OnApplicationShutdown {
  async onApplicationShutdown() {
    await stopEmbedded();
  }
}

/**
 * What every process of the portal has once: configuration, the database URL, the event bus, token
 * verification with the global auth guard, the error filter, mail and the blob store.
 */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(opts: { processName: string; config?: Partial<PortalConfig> }): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        {
          provide: CONFIG,
          useFactory: () => {
            const config = { ...loadConfig(), ...opts.config };
            refuseDemoDefaults(config);
            return { ...config, blobSecret: sharedSecret(config, 'blob', config.blobSecret) };
          },
        },
        { provide: DATABASE_URL, inject: [CONFIG], useFactory: (c: PortalConfig) => resolveDatabaseUrl(c) },
        {
          provide: EVENT_BUS,
          inject: [CONFIG],
          useFactory: (c: PortalConfig): Promise<EventBus> | EventBus =>
            c.natsUrl
              ? NatsBus.connect(c.natsUrl, c.natsStream, c.serviceName ?? opts.processName)
              : new InProcessBus(),
        },
        {
          provide: BLOB_STORE,
          inject: [CONFIG],
          useFactory: (c: PortalConfig): BlobStore =>
            c.blobDriver === 's3'
              ? new S3BlobStore(c.s3Bucket, { endpoint: c.s3Endpoint })
              : new DiskBlobStore(path.join(c.dataDir, 'blobs'), c.blobSecret!),
        },
        KeyRing,
        SessionRevocations,
        FhirCallers,
        MailService,
        ViewerTokens,
        InvitationTokens,
        {
          provide: RevocationFeed,
          inject: [EVENT_BUS, SessionRevocations],
          useFactory: (bus: EventBus, r: SessionRevocations) => new RevocationFeed(bus, r, opts.processName),
        },
        EmbeddedDatabaseShutdown,
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: ErrorFilter },
      ],
      exports: [
        CONFIG,
        DATABASE_URL,
        EVENT_BUS,
        BLOB_STORE,
        KeyRing,
        SessionRevocations,
        FhirCallers,
        MailService,
        ViewerTokens,
        InvitationTokens,
      ],
    };
  }
}
