import 'reflect-metadata';
import { logger, runContext } from '@portal/server-kit';
import { ImagingContext } from './imaging.context';

runContext(ImagingContext, Number(require('../package.json').config.port)).catch((err) => {
  logger.fatal({ err }, 'context failed to start');
  process.exit(1);
});
