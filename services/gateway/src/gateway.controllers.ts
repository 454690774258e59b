import { Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiConsumes, ApiExcludeController, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { BLOB_STORE, type BlobStore, CONFIG, contextToken, type ContextKit, DiskBlobStore, type PortalConfig, Public, validate } from '@portal/server-kit';
import { object, string } from 'yup';
import { CONTEXT_NAMES } from './contexts';
import { MAIL_CAPTURE, type MailCaptureRef } from './dev-mail';
import { mailCaptureOff, noFileSelected, uploadsGoToObjectStore } from './gateway.errors';

@ApiExcludeController()
@Controller()
export class GatewayHealthController {
  constructor(
    private readonly moduleRef: ModuleRef,
    @Inject(CONFIG) private readonly config: PortalConfig,
  ) {}

  /** Healthy when every context answers and its database is up; 503 names the ones that are not. */
  @Public()
  @Get('health')
  async health(@Res() reply: FastifyReply) {
    const checks = await Promise.all(
      CONTEXT_NAMES.map(async (name) => {
        try {
          if (this.config.gatewayMode === 'embedded') await this.moduleRef.get<ContextKit>(contextToken(name), { strict: false }).health();
          else {
            const res = await fetch(`${this.config.contextUrls[name]}/health`, { signal: AbortSignal.timeout(2000) });
            if (!res.ok) throw new Error(String(res.status));
          }
          return [name, 'up'] as const;
        } catch {
          return [name, 'down'] as const;
        }
      }),
    );
    const down = checks.filter(([, s]) => s === 'down');
    return reply.status(down.length ? 503 : 200).send({ status: down.length ? 'degraded' : 'ok', mode: this.config.gatewayMode, contexts: Object.fromEntries(checks) });
  }
}

const devMailQuery = object({ to: string().trim() });

@ApiTags('development')
@Controller()
export class DevMailController {
  constructor(@Inject(MAIL_CAPTURE) private readonly capture: MailCaptureRef) {}

  /** The embedded SMTP capture's messages, newest first (development and tests only). */
  @Public()
  @Get('dev/mail')
  async list(@Query(validate(devMailQuery)) query: { to?: string }) {
    if (!this.capture.current) throw mailCaptureOff();
    return this.capture.current.list(query.to);
  }
}

@ApiTags('blobs')
@ApiConsumes('multipart/form-data')
@Controller('blob')
export class BlobUploadController {
  constructor(@Inject(BLOB_STORE) private readonly store: BlobStore) {}

  /** The disk driver's upload target: the form's signed policy, then the file, checked by content. */
  @Public()
  @Post('upload')
  @HttpCode(201)
  async upload(@Req() req: FastifyRequest) {
    if (!(this.store instanceof DiskBlobStore)) throw uploadsGoToObjectStore();
    const inputs: Record<string, string> = {};
    let file: Buffer | undefined;
    for await (const part of req.parts({ limits: { files: 1, fileSize: 2 * 1024 * 1024 * 1024 } })) {
      if (part.type === 'file') file = await part.toBuffer();
      else inputs[part.fieldname] = String(part.value);
    }
    if (!file) throw noFileSelected();
    return this.store.acceptUpload(inputs, file);
  }
}
