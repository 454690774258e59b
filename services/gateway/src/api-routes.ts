import { RECORDS_PATTERN_PATHS, SHARING_PATTERN_PATHS } from '@portal/contracts';
import type { ContextName } from './contexts';

/**
 * The one route table of proxy mode: which context answers which /api path prefix. The public paths
 * are the spec's, so one context owns several prefixes. Longest prefix wins.
 */
export const API_ROUTES: Array<[prefix: string, context: ContextName]> = [
  ['/api/auth', 'auth'],
  ['/api/user', 'auth'],
  ['/api/getTimezones', 'auth'],
  ['/api/getCountryCodes', 'auth'],
  ['/api/featureSettings', 'auth'],
  ['/api/myIdentity', 'auth'],
  ['/api/familyMemberTypes', 'auth'],
  ['/api/notificationSettings', 'auth'],
  ['/api/getUserInformation', 'auth'],
  ['/api/checkForgotPasswordToken', 'auth'],
  ['/api/checkResetPasswordToken', 'auth'],
  ['/api/createAccount', 'auth'],
  ['/api/subscriptions', 'auth'],
  ['/api/pages', 'auth'],
  ['/api/facility', 'requests'],
  ['/api/requestRecord', 'requests'],
  ['/api/requests', 'requests'],
  ['/api/myRecords', 'records'],
  ['/api/v2/myRecords', 'records'],
  ['/api/records', 'records'],
  ['/api/getSharedUsersList', 'sharing'],
  ['/api/sharing', 'sharing'],
  ['/api/sendISOFile', 'sharing'],
  ['/api/shareRecords', 'sharing'],
  ['/api/disablePatientToShareRecord', 'sharing'],
  ['/api/removeAccess', 'sharing'],
  ['/api/removeSharedUser', 'sharing'],
  ['/api/shareWithFacility', 'sharing'],
  ['/api/generateIdentifierForISO', 'sharing'],
  ['/api/downloadAllAttachments', 'sharing'],
  // The ISO is streamed by imaging, which holds the DICOM files; sharing only issues the identifier.
  ['/api/fetchDownloadISO', 'imaging'],
  ['/api/dicomweb', 'imaging'],
  ['/api/imaging', 'imaging'],
  ['/api/getFileContent', 'records'],
  ['/api/download', 'records'],
  ['/api/patientRequest', 'records'],
  ['/api/enhancedReport', 'records'],
  ['/api/sharedWithMe', 'records'],
  ['/api/getPatientRequestsForExternalProvider', 'provider'],
  ['/api/generateS3PresignedURL', 'provider'],
  ['/api/addDocuments', 'provider'],
  ['/api/deleteDocument', 'provider'],
  ['/api/markPatientRequestAsUploaded', 'provider'],
  ['/api/rejectDocumentRequest', 'provider'],
  ['/api/cancelDocumentRequestRejection', 'provider'],
  ['/api/provider', 'provider'],
  ['/api/groups', 'groups'],
];

/**
 * Spec paths that start with an id, not a word (`/api/{patientRequestId}/getDocuments/{id}`): no prefix
 * can name them, so they are matched by pattern (an nginx regex location too), after the prefixes.
 */
export const API_PATTERN_ROUTES: Array<[pattern: string, context: ContextName]> = [
  ['^/api/[^/]+/(getDocuments|getOtherDocuments)(/|$)', 'provider'],
  [`^/api/[^/]+/(${RECORDS_PATTERN_PATHS.join('|')})(/|$)`, 'records'],
  [`^/api/[^/]+/(${SHARING_PATTERN_PATHS.join('|')})(/|$)`, 'sharing'],
];
const PATTERNS = API_PATTERN_ROUTES.map(([pattern, context]) => [new RegExp(pattern), context] as const);

export const contextOfPath = (path: string): ContextName | undefined => {
  let best: [string, ContextName] | undefined;
  for (const route of API_ROUTES) {
    const [prefix] = route;
    if ((path === prefix || path.startsWith(prefix + '/') || path.startsWith(prefix + '?')) && (!best || prefix.length > best[0].length)) best = route;
  }
  if (best) return best[1];
  const bare = path.split('?')[0];
  return PATTERNS.find(([re]) => re.test(bare))?.[1];
};
