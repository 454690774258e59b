export { BillingContext } from './billing.context';
export { DEMO_PLANS } from './demo/seed-demo';
export { CountSeats } from './group-seats/count-seats/count-seats';
