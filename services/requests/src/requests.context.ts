import { defineContext } from '@portal/server-kit';
import { RequestsInit1763800000000 } from './migrations/1763800000000-requests-init';
import { CustodiansController } from './custodians.http.controller';
import { PatientRequestsController } from './patient-requests.http.controller';
import { RequestsDemoSeed } from './demo/seed-demo';

/** The requests context: facilities (custodians) and patient requests. */
export const RequestsContext = defineContext({
  name: 'requests',
  entities: [],
  migrations: [RequestsInit1763800000000],
  controllers: [CustodiansController, PatientRequestsController],
  providers: [RequestsDemoSeed],
});
