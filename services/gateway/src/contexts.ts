import type { DynamicModule } from '@nestjs/common';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { SharingContext } from '@portal/sharing-service';
import { ImagingContext } from '@portal/imaging-service';
import { ProviderContext } from '@portal/provider-service';
import { GroupsContext } from '@portal/groups-service';

export const CONTEXT_NAMES = ['auth', 'requests', 'records', 'sharing', 'imaging', 'provider', 'groups'] as const;
export type ContextName = (typeof CONTEXT_NAMES)[number];

/** Default ports of the contexts when each runs alone (services/<name>/package.json config.port). */
export const CONTEXT_PORTS: Record<ContextName, number> = { auth: 4001, requests: 4002, records: 4003, sharing: 4004, imaging: 4005, provider: 4006, groups: 4007 };

export const CONTEXT_MODULES: Record<ContextName, DynamicModule> = {
  auth: AuthContext,
  requests: RequestsContext,
  records: RecordsContext,
  sharing: SharingContext,
  imaging: ImagingContext,
  provider: ProviderContext,
  groups: GroupsContext,
};

/** Proxy mode: AUTH_URL, REQUESTS_URL, ... name where each context runs. */
export const contextUrl = (name: ContextName): string =>
  process.env[`${name.toUpperCase()}_URL`] || `http://127.0.0.1:${CONTEXT_PORTS[name]}`;
