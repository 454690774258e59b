import { defineContext } from '@portal/server-kit';
import { RequestsInit1763800000000 } from './migrations/1763800000000-requests-init';
import { CustodianRepository } from './custodians/custodian.repository';
import { SearchCustodians } from './custodians/search-custodians/search-custodians';
import { SearchCustodiansController } from './custodians/search-custodians/search-custodians.http.controller';
import { GetCustodian } from './custodians/get-custodian/get-custodian';
import { GetCustodianController } from './custodians/get-custodian/get-custodian.http.controller';
import { SaveCustodian } from './custodians/save-custodian/save-custodian';
import { PatientRequestRepository } from './patient-requests/patient-request.repository';
import { SubmitPatientRequest } from './patient-requests/submit-patient-request/submit-patient-request';
import { SubmitPatientRequestController } from './patient-requests/submit-patient-request/submit-patient-request.http.controller';
import { ListPatientRequests } from './patient-requests/list-patient-requests/list-patient-requests';
import { ListPatientRequestsController } from './patient-requests/list-patient-requests/list-patient-requests.http.controller';
import { RequestsDemoSeed } from './demo/seed-demo';

/** The requests context: facilities (custodians) and patient requests. */
export const RequestsContext = defineContext({
  name: 'requests',
  entities: [],
  migrations: [RequestsInit1763800000000],
  controllers: [SearchCustodiansController, GetCustodianController, SubmitPatientRequestController, ListPatientRequestsController],
  providers: [CustodianRepository, PatientRequestRepository, SearchCustodians, GetCustodian, SaveCustodian, SubmitPatientRequest, ListPatientRequests, RequestsDemoSeed],
});
