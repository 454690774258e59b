export { RecordsContext } from './records.context';
