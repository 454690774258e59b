import { defineContext } from '@portal/server-kit';
import { ProviderInit1763800000000 } from './migrations/1763800000000-provider-init';
import { DataRequestRepository } from './data-requests/data-request.repository';
import { ListDataRequests } from './data-requests/list-data-requests/list-data-requests';
import { ListDataRequestsController } from './data-requests/list-data-requests/list-data-requests.http.controller';
import { ReceiveDataRequest } from './data-requests/receive-data-request/receive-data-request';
import { StaffRepository } from './staff/staff.repository';
import { AssignStaff } from './staff/assign-staff/assign-staff';
import { DataRequestConsumers } from './consumers/data-request.consumers';
import { ProviderDemoSeed } from './demo/seed-demo';

/** The provider context: facility staff and their data-request inbox. */
export const ProviderContext = defineContext({
  name: 'provider',
  entities: [],
  migrations: [ProviderInit1763800000000],
  controllers: [ListDataRequestsController],
  providers: [DataRequestRepository, StaffRepository, ListDataRequests, ReceiveDataRequest, AssignStaff, DataRequestConsumers, ProviderDemoSeed],
});
