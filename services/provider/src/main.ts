import 'reflect-metadata';
import { logger, runContext } from '@portal/server-kit';
import { ProviderContext } from './provider.context';

runContext(ProviderContext, Number(require('../package.json').config.port)).catch((err) => {
  logger.fatal({ err }, 'context failed to start');
  process.exit(1);
});
