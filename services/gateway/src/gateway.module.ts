import { type DynamicModule, Module } from '@nestjs/common';
import { loadConfig, type PortalConfig, PlatformModule } from '@portal/server-kit';
import { CONTEXT_MODULES, CONTEXT_NAMES } from './contexts';
import { BlobUploadController, DevMailController, GatewayHealthController } from './gateway.controllers';
import { MAIL_CAPTURE, type MailCaptureRef } from './dev-mail';

export const mailCapture: MailCaptureRef = {};

/** Embedded mode imports every context module into this one process; proxy mode imports none. */
@Module({})
export class GatewayModule {
  static forMode(mode: PortalConfig['gatewayMode'] = loadConfig().gatewayMode): DynamicModule {
    return {
      module: GatewayModule,
      imports: [
        PlatformModule.forRoot({ processName: 'gateway' }),
        ...(mode === 'embedded' ? CONTEXT_NAMES.map((n) => CONTEXT_MODULES[n]) : []),
      ],
      controllers: [GatewayHealthController, DevMailController, BlobUploadController],
      providers: [{ provide: MAIL_CAPTURE, useValue: mailCapture }],
    };
  }
}
