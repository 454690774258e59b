import { defineContext } from '@portal/server-kit';
import { ProviderInit1763800000000 } from './migrations/1763800000000-provider-init';
import { DataRequestConsumer, DataRequestsController } from './data-requests';
import { ProviderDemoSeed } from './demo/seed-demo';

/** The provider context: facility staff and their data-request inbox. */
export const ProviderContext = defineContext({
  name: 'provider',
  entities: [],
  migrations: [ProviderInit1763800000000],
  controllers: [DataRequestsController],
  providers: [DataRequestConsumer, ProviderDemoSeed],
});
