import type { BaseQueryFn } from '@reduxjs/toolkit/query';
import { statusFallbackMessage } from '@portal/contracts';
import { apiPath } from './remote-api';
import type { PortalQueryArgs, PortalQueryError } from './base-query';

/** A presigned form of the blob store (key, inputs, attributes with the action to POST to). */
export interface UploadForm {
  key: string;
  inputs: Record<string, string>;
  attributes: { action: string; enctype?: string; method?: string };
}

/** The multipart body of a presigned POST: every input first (the storage checks them before the file), then `file`. */
export const formBody = (form: UploadForm, file: File, fileName = file.name): FormData => {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.inputs)) body.append(name, value);
  body.append('file', file, fileName);
  return body;
};

type PortalBaseQuery = BaseQueryFn<string | PortalQueryArgs, unknown, PortalQueryError>;

/**
 * POSTs a file to its presigned form (an RTK Query queryFn's body): inputs first, then `file`. The
 * disk blob store's action is the portal's own origin and goes through the base query (CSRF, bearer);
 * a storage URL elsewhere (S3) gets a plain POST, as extra headers would fail its CORS preflight.
 */
export const postToUploadForm = async (
  form: UploadForm,
  file: File,
  baseQuery: (args: PortalQueryArgs) => ReturnType<PortalBaseQuery>,
  fileName = file.name,
): Promise<{ data: null } | { error: PortalQueryError }> => {
  const body = formBody(form, file, fileName);
  const action = form.attributes.action;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  if (/^https?:\/\//.test(action) && !(origin && action.startsWith(origin))) {
    const res = await fetch(action, { method: 'POST', body });
    return res.ok
      ? { data: null }
      : { error: { status: res.status, message: statusFallbackMessage(res.status, res.statusText) } };
  }
  const answer = await baseQuery({
    url: apiPath(origin ? action.replace(origin, '') : action),
    method: 'POST',
    body,
  });
  return answer.error ? { error: answer.error as PortalQueryError } : { data: null };
};
