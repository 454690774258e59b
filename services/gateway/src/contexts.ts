import type { DynamicModule } from '@nestjs/common';
import { AuthContext } from '@portal/auth-service';
import { RequestsContext } from '@portal/requests-service';
import { RecordsContext } from '@portal/records-service';
import { SharingContext } from '@portal/sharing-service';
import { ImagingContext } from '@portal/imaging-service';
import { ProviderContext } from '@portal/provider-service';
import { GroupsContext } from '@portal/groups-service';
import { BillingContext } from '@portal/billing-service';

import { CONTEXT_NAMES, type ContextName } from '@portal/server-kit';

export { CONTEXT_NAMES, type ContextName };

export const CONTEXT_MODULES: Record<ContextName, DynamicModule> = {
  auth: AuthContext,
  requests: RequestsContext,
  records: RecordsContext,
  sharing: SharingContext,
  imaging: ImagingContext,
  provider: ProviderContext,
  groups: GroupsContext,
  billing: BillingContext,
};
