/** Paths of the records context: the patient's library. */
export const RECORDS_API = {
  /** GET: the caller's requests with their approved study responses. */
  studyData: '/api/myRecords/studyData',
} as const;
