import 'reflect-metadata';
import { logger, runContext } from '@portal/server-kit';
import { BillingContext } from './billing.context';

runContext(BillingContext, Number(require('../package.json').config.port)).catch((err) => {
  logger.fatal({ err }, 'context failed to start');
  process.exit(1);
});
