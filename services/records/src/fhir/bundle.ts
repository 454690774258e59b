import { randomUUID } from 'node:crypto';
import type { Bundle, BundleLink, Resource } from '@medplum/fhirtypes';
import type { Paging } from './search/search-params';

export interface SearchsetPage {
  /** The FHIR base URL (absolute): fullUrls and links start with it. */
  base: string;
  /** What was searched, under the base: `ImagingStudy`, `Patient/<id>/$everything`. */
  path: string;
  /** The parameters applied, as given (links repeat them with their own _count and _offset). */
  applied: Array<[string, string]>;
  paging: Paging;
  total: number;
  resources: Resource[];
}

const linkTo = (page: SearchsetPage, relation: string, offset: number): BundleLink => {
  const query = new URLSearchParams(page.applied);
  query.set('_count', String(page.paging.count));
  query.set('_offset', String(offset));
  return { relation, url: `${page.base}/${page.path}?${query.toString()}` };
};

/**
 * A page of search results as a searchset Bundle (FHIR R4 §3.1.1.2): the total of matches, and self,
 * next and previous links that an app follows as given (they carry _count and _offset).
 */
export const searchsetBundle = (page: SearchsetPage): Bundle => {
  const { count, offset } = page.paging;
  const link = [linkTo(page, 'self', offset)];
  if (count > 0 && offset + count < page.total) link.push(linkTo(page, 'next', offset + count));
  if (offset > 0 && count > 0) link.push(linkTo(page, 'previous', Math.max(0, offset - count)));
  return {
    resourceType: 'Bundle',
    id: randomUUID(),
    meta: { lastUpdated: new Date().toISOString() },
    type: 'searchset',
    total: page.total,
    link,
    ...(page.resources.length
      ? {
          entry: page.resources.map((resource) => ({
            fullUrl: `${page.base}/${resource.resourceType}/${resource.id}`,
            resource,
            search: { mode: 'match' as const },
          })),
        }
      : {}),
  };
};
