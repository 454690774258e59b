/** Paths of the groups context. */
export const GROUPS_API = {
  /** GET: the groups the caller belongs to (the tabs of a coordinator or admin). */
  loadGrid: '/api/groups/loadGrid',
} as const;
