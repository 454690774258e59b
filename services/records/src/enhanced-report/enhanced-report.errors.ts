import { AppError, notFound } from '@portal/server-kit';

export const enhancedReportNotFound = () => notFound('Enhanced report');
/** Only a PDF radiology report has text to explain. */
export const notEnhanceable = () =>
  new AppError('REQUEST.VALIDATION_FAILED', 'Only a PDF report can be made patient-friendly');
/** The background work failed (or never finished): the patient may ask again. */
export const enhancementFailed = (why: string | null) =>
  new AppError(
    'RESOURCE.CONFLICT',
    `The enhanced report could not be made${why ? `: ${why}` : ''}. Please try again.`,
  );
