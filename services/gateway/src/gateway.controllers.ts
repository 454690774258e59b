import { Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiExcludeController, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  BLOB_STORE,
  type BlobStore,
  CONFIG,
  Consumes,
  type ContextKit,
  type ContextName,
  contextToken,
  type DependencyState,
  DiskBlobStore,
  EVENT_BUS,
  type EventBus,
  HEALTH_PROBE_MS,
  type HealthReport,
  healthStatus,
  isLocalCaller,
  type PortalConfig,
  Public,
  sendHealth,
  SUPPORT_KEY_HEADER,
  supervisedDatabase,
  validate,
} from '@portal/server-kit';
import { object, string } from 'yup';
import { CONTEXT_NAMES } from './contexts';
import { MAIL_CAPTURE, type MailCaptureRef } from './dev-mail';
import { mailCaptureOff, noFileSelected, routeNotFound, uploadsGoToObjectStore } from './gateway.errors';

@ApiExcludeController()
@Controller()
export class GatewayHealthController {
  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(CONFIG) private readonly config: PortalConfig,
    @Inject(EVENT_BUS) private readonly bus: EventBus,
  ) {}

  /**
   * Healthy when every context answers, the database is up and events travel; 503 otherwise, naming
   * what is down: `database`, `events` (NATS) and each context (down when unreachable or without its database).
   */
  @Public()
  @Get('health')
  async health(@Res() reply: FastifyReply) {
    const reports = await Promise.all(
      CONTEXT_NAMES.map(async (name) => [name, await this.contextHealth(name)] as const),
    );
    const reachable = reports.map(([, r]) => r).filter((r): r is HealthReport => !!r);
    const database: DependencyState = reachable.some((r) => r.database === 'down') ? 'down' : 'up';
    const events: DependencyState =
      this.bus.isUp() && reachable.every((r) => r.events === 'up') ? 'up' : 'down';
    const contexts = Object.fromEntries(
      reports.map(([name, r]) => [name, r && r.status !== 'down' ? 'up' : 'down']),
    );
    const status = reachable.length < reports.length ? 'down' : healthStatus(database, events);
    return sendHealth(
      reply,
      { status, mode: this.config.gatewayMode, database, events, contexts, ...supervisedDatabase() },
      this.config.supportApiKey,
    );
  }

  /** A context's own report; undefined when it does not answer in time (proxy mode). */
  private async contextHealth(name: ContextName): Promise<HealthReport | undefined> {
    if (this.config.gatewayMode === 'embedded')
      return this.moduleRef.get<ContextKit>(contextToken(name), { strict: false }).health();
    try {
      // With the support key, a context on another machine shows its details to the gateway too.
      const headers: Record<string, string> = this.config.supportApiKey
        ? { [SUPPORT_KEY_HEADER]: this.config.supportApiKey }
        : {};
      const res = await fetch(`${this.config.contextUrls[name]}/health`, {
        headers,
        signal: AbortSignal.timeout(HEALTH_PROBE_MS + 1000),
      });
      const body = (await res.json()) as HealthReport;
      return typeof body?.status === 'string' ? body : undefined;
    } catch {
      return undefined;
    }
  }
}

const devMailQuery = object({ to: string().trim() });

@ApiTags('development')
@Controller()
export class DevMailController {
  constructor(@Inject(MAIL_CAPTURE) private readonly capture: MailCaptureRef) {}

  /**
   * The embedded SMTP capture's messages, newest first (development and tests only): for a caller on
   * this machine alone. Anyone else gets the 404 of a route that is not there (reset links are in these mails).
   */
  @Public()
  @Get('dev/mail')
  async list(@Query(validate(devMailQuery)) query: { to?: string }, @Req() req: FastifyRequest) {
    if (!isLocalCaller(req.raw)) throw routeNotFound(req);
    if (!this.capture.current) throw mailCaptureOff();
    return this.capture.current.list(query.to);
  }
}

/** The largest file any upload form allows (provider imaging: 2 GB). */
const MAX_UPLOAD_BYTES = 2 * 1024 * 1024 * 1024;
/** The form's inputs and part headers around the file. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

@ApiTags('blobs')
@Controller('blob')
export class BlobUploadController {
  constructor(@Inject(BLOB_STORE) private readonly store: BlobStore) {}

  /**
   * The disk driver's upload target. The form's inputs come before the file (as S3 wants them): the
   * signed policy is checked before a byte of the file is read, then the file streams to a temporary
   * file, stopped with FILE.TOO_LARGE as soon as it passes the policy's maxBytes, sniffed by its head
   * and renamed into place. Nothing is kept on any failure.
   */
  @Public()
  @Post('upload')
  @Consumes('multipart/form-data', MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES)
  @HttpCode(201)
  async upload(@Req() req: FastifyRequest) {
    const store = this.store;
    if (!(store instanceof DiskBlobStore)) throw uploadsGoToObjectStore();
    const inputs: Record<string, string> = {};
    let stored: { key: string; contentType: string; size: number } | undefined;
    // The stream's own bound is the largest any policy allows; the policy's own is enforced while streaming.
    for await (const part of req.parts({ limits: { files: 1, fileSize: MAX_UPLOAD_BYTES + 1 } })) {
      if (part.type === 'file')
        stored = await store.acceptUploadStream(store.verifyUploadInputs(inputs), part.file);
      else inputs[part.fieldname] = String(part.value);
    }
    if (!stored) throw noFileSelected();
    return stored;
  }
}
