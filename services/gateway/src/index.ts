export { startGateway } from './main';
export { API_ROUTES, contextOfPath } from './api-routes';
