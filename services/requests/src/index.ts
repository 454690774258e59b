export { RequestsContext } from './requests.context';
export { DEMO_CUSTODIANS, DEMO_PATIENT_REQUESTS, demoCustodianId, demoRequestId } from './demo/seed-demo';
