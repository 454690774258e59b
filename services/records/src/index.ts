export { RecordsContext } from './records.context';
export { DEMO_WBS } from './demo/whole-body-scan-demo-ids';
