/** Paths of the records context: the patient's library. */
export const RECORDS_API = {
  /** GET: the caller's requests with their approved study responses. */
  studyData: '/api/myRecords/studyData',
  /** GET (the owner): the bytes of a library document a facility delivered (a PDF report or an image); 404 for anyone else. */
  documentContent: (documentId: string) => `/api/getFileContent/${documentId}`,
} as const;
