export { ProviderContext } from './provider.context';
