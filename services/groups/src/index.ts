export { GroupsContext } from './groups.context';
