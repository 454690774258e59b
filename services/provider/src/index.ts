export { ProviderContext } from './provider.context';
export { AssignStaff } from './staff/assign-staff/assign-staff';
