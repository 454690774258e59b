import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { apiRoute, AUTH_API, SMART_API } from '@portal/contracts';
import { Public } from '@portal/server-kit';
import { TokenService } from '../token.service';

@ApiTags('auth')
@Controller()
export class PublishKeysController {
  constructor(private readonly tokens: TokenService) {}

  /** GET /api/auth/jwks: the auth context's public keys, for contexts running in other processes. */
  @Public()
  @Get(apiRoute(AUTH_API.jwks))
  jwks() {
    return this.tokens.publicKeys();
  }

  /** GET /api/smart/jwks: the same keys for SMART apps (the smart-configuration's jwks_uri), to check id tokens. */
  @Public()
  @Get(apiRoute(SMART_API.jwks))
  smartJwks() {
    return this.tokens.publicKeys();
  }
}
