import {
  PATHS,
  type ApprovedResponse,
  type LibraryAttachment,
  type LibraryGridRow,
  type PatientRequest,
  type RouteTableName,
  rowActions,
  showsImagingTab,
} from '@portal/contracts';

const { new: NEW, legacy: LEGACY } = PATHS;

/** Where a row opened the record view from (`?from=`), records spec §2.3. */
export const ORIGINS = [
  'home',
  'all-requests',
  'imaging',
  'favorites',
  'open-requests',
  'shared-with-me',
  'sharing',
] as const;
export type Origin = (typeof ORIGINS)[number];

export const parseOrigin = (value: string | null | undefined): Origin | null =>
  (ORIGINS as readonly string[]).includes(value ?? '') ? (value as Origin) : null;

const BACK: Record<Origin, { label: string; new: string; legacy: string }> = {
  home: { label: 'Back to Home', new: NEW.recordsHome, legacy: LEGACY.recordsHome },
  'all-requests': { label: 'Back to My Records', new: NEW.patientHome, legacy: LEGACY.patientHome },
  // The older table has no Imaging or Favorites page: their records are in My Records.
  imaging: { label: 'Back to Imaging', new: `${NEW.myRecords}/imaging`, legacy: LEGACY.patientHome },
  favorites: { label: 'Back to Favorites', new: `${NEW.myRecords}/favorites`, legacy: LEGACY.patientHome },
  'open-requests': { label: 'Back to Open Requests', new: NEW.openRequests, legacy: LEGACY.openRequests },
  'shared-with-me': { label: 'Back to Shared With Me', new: NEW.sharedWithMe, legacy: LEGACY.sharedWithMe },
  sharing: { label: 'Back to Sharing', new: NEW.sharing, legacy: LEGACY.sharing },
};

/** The header's back button (records spec §2.4): named after the origin page and going to it; My Records when unknown. */
export const backOf = (
  origin: Origin | null,
  table: RouteTableName = 'new',
): { label: string; path: string } => {
  const b = BACK[origin ?? 'all-requests'];
  return { label: b.label, path: b[table] };
};

/** Where 'Manage sharing' goes: the people the patient shares with. */
export const SHARING_PATH = { new: NEW.sharing, legacy: LEGACY.sharing } as const;

const IMAGE_TYPES = ['IMAGES', 'IMAGES_ONLY'];

/** The record a record view shows: one approved response of a library request, with the facts its rules need. */
export interface ViewedRecord {
  request: PatientRequest;
  response: ApprovedResponse;
  kind: 'study' | 'document';
  selfUpload: boolean;
  /** The document request type of the response (IMAGES, IMAGES_ONLY, REPORTS, OTHERS). */
  docReqType: string;
  title: string;
  fileName: string | null;
  sharedWith: string[];
  /** Who shared the record with the caller ('First Last'); null on the caller's own record. */
  sharedBy: string | null;
}

/**
 * The document request type of a response: a document's own; a study's is the request's imaging type
 * (IMAGES or IMAGES_ONLY; a self upload of IMAGES), else the request's first type.
 */
export const docReqTypeOf = (request: PatientRequest, response: ApprovedResponse): string => {
  if (response.document_request?.document_request_type.mnemonic)
    return response.document_request.document_request_type.mnemonic;
  const mnemonics = request.document_request.map((d) => d.document_request_type.mnemonic);
  if (response.cfind_response)
    return mnemonics.find((m) => IMAGE_TYPES.includes(m)) ?? mnemonics[0] ?? 'IMAGES';
  return mnemonics[0] ?? 'OTHERS';
};

const fileNameOf = (response: ApprovedResponse): string | null =>
  response.document?.file_name ?? response.s3_filename ?? null;

/**
 * The title (records spec §2.4): a self upload's record name; modality plus study description for a
 * study; a document's file name.
 */
export const titleOf = (request: PatientRequest, response: ApprovedResponse): string => {
  if (request.manual_upload_dicom && request.record_name) return request.record_name;
  const study = response.cfind_response;
  if (study) return [study.modality, study.study_description].filter(Boolean).join(' ') || 'Study';
  return fileNameOf(response) ?? 'Document';
};

/** The record of `responseId` in `request`, or null when the request has no such approved response. */
export const recordOf = (request: PatientRequest, responseId: string): ViewedRecord | null => {
  const response = request.approved_cfind_responses.find((r) => r.id === responseId);
  if (!response) return null;
  return {
    request,
    response,
    kind: response.cfind_response ? 'study' : 'document',
    selfUpload: Boolean(request.manual_upload_dicom),
    docReqType: docReqTypeOf(request, response),
    title: titleOf(request, response),
    fileName: fileNameOf(response),
    sharedWith: response.shared_with ?? [],
    sharedBy: request.shared_by?.name ?? null,
  };
};

export type RecordTab = 'report' | 'imaging';

/**
 * The tabs (records spec §2.4): Report when the response has attachments or a document file name;
 * Imaging for an IMAGES or IMAGES_ONLY study when the DICOM viewer is enabled.
 */
export const tabsOf = (
  record: ViewedRecord,
  attachments: readonly LibraryAttachment[],
  enableDicomViewer: boolean,
): RecordTab[] => {
  const tabs: RecordTab[] = [];
  if (attachments.length > 0 || record.fileName) tabs.push('report');
  if (hasImagingTab(record, enableDicomViewer)) tabs.push('imaging');
  return tabs;
};

/** Whether the record shows the Imaging tab: known from the record and the flag alone, before its attachments. */
export const hasImagingTab = (record: ViewedRecord, enableDicomViewer: boolean): boolean =>
  record.kind === 'study' &&
  Boolean(record.response.cfind_response?.study_instance_uid) &&
  showsImagingTab(record.docReqType, enableDicomViewer);

/** The Report tab's documents: the response's attachments, else the document the response itself is. */
export const reportDocumentsOf = (
  record: ViewedRecord,
  attachments: readonly LibraryAttachment[],
): LibraryAttachment[] => {
  if (attachments.length > 0) return [...attachments];
  if (record.kind !== 'document' || !record.fileName) return [];
  return [
    {
      id: record.response.id,
      file_name: record.fileName,
      content_type: record.fileName.toLowerCase().endsWith('.pdf')
        ? 'application/pdf'
        : 'application/octet-stream',
      document_request_id: record.response.document_request?.id ?? null,
      document_request_type: record.docReqType,
      created: record.response.created,
      enhanceable: false,
    },
  ];
};

/**
 * Panels' visibility (records spec §2.4): sharing's Manage action and Share are hidden on open requests
 * and on a record shared with the caller (only its owner shares it); no imaging provider for a self upload.
 */
export const panelsOf = (record: ViewedRecord, origin: Origin | null) => ({
  manageSharing: origin !== 'open-requests' && !record.sharedBy,
  share: rowActions(origin === 'open-requests', origin === 'shared-with-me' || Boolean(record.sharedBy))
    .share,
  imagingProvider: !record.selfUpload && Boolean(record.request.organization?.id),
});

/** The patient's name on the study or the request, when the server gives it. */
export const patientNameOf = (record: ViewedRecord): string | null => {
  const fromStudy = record.response.cfind_response?.patient_name;
  if (fromStudy) return fromStudy;
  const p = record.request.patients?.[0];
  return p ? `${p.first_name} ${p.last_name}`.trim() : null;
};

/** 'MMM DD, YYYY' of a YYYY-MM-DD day or an ISO time, in UTC so a day does not shift with the browser's zone. */
export const formatDay = (value: string | null | undefined): string | null => {
  if (!value) return null;
  const d = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(d.getTime())
    ? null
    : d.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
};

/** A facility logo: `image_data` as a data: URI, or bare base64 (the spec's field) made into one. */
export const logoSrc = (imageData: string | null | undefined): string | null => {
  if (!imageData) return null;
  if (/^(data:|https?:\/\/|\/)/.test(imageData)) return imageData;
  return `data:image/png;base64,${imageData}`;
};

/** A website as a link: 'example.org' gets https://. */
export const websiteHref = (website: string): string =>
  /^https?:\/\//i.test(website) ? website : `https://${website}`;

/** Another study of the same patient the viewer may show side by side (mfe-viewer's CompareStudy). */
export interface PriorStudy {
  studyInstanceUid: string;
  label: string;
  patientRequestId: string;
}

/**
 * The priors of a study: the other studies in the library of the person this record is about (found
 * through the record's own row), newest first, each labelled as the library names it with its date.
 */
export const priorsOf = (
  rows: LibraryGridRow[],
  patientRequestId: string,
  studyInstanceUid: string,
): PriorStudy[] => {
  const own = rows.find(
    (r) => r.patientRequestId === patientRequestId && r.study_instance_uid === studyInstanceUid,
  );
  if (!own) return [];
  const seen = new Set([studyInstanceUid]);
  return rows
    .filter(
      (r) => r.patientId === own.patientId && r.kind === 'study' && r.showImagingView && r.study_instance_uid,
    )
    .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
    .flatMap((r) => {
      const uid = r.study_instance_uid as string;
      if (seen.has(uid)) return [];
      seen.add(uid);
      return [
        {
          studyInstanceUid: uid,
          label: [r.recordName, r.date].filter(Boolean).join(' · '),
          patientRequestId: r.patientRequestId,
        },
      ];
    });
};
