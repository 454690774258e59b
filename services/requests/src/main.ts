import 'reflect-metadata';
import { logger, runContext } from '@portal/server-kit';
import { RequestsContext } from './requests.context';

runContext(RequestsContext, Number(require('../package.json').config.port)).catch((err) => {
  logger.fatal({ err }, 'context failed to start');
  process.exit(1);
});
