import type { PublicViewerConfig } from '@portal/contracts';

/** A study the link opens, with what the page shows of it. */
export interface LinkStudy {
  studyInstanceUid: string;
  label: string;
  patientRequestId: string;
  organizationName: string;
}

/**
 * The link's studies from its config: each approved cfind response of its patient requests, then any
 * study uid of studyDetail.dicom not met there (the config may list a study only by uid).
 */
export const linkStudies = (config: PublicViewerConfig): LinkStudy[] => {
  const seen = new Map<string, LinkStudy>();
  for (const request of config.patient_requests ?? []) {
    for (const { cfind_response: c } of request.approved_cfind_responses) {
      if (!c || seen.has(c.study_instance_uid)) continue;
      const label = [c.modality, c.study_description, c.study_date_time].filter(Boolean).join(' \u00B7 ');
      seen.set(c.study_instance_uid, {
        studyInstanceUid: c.study_instance_uid,
        label,
        patientRequestId: request.id,
        organizationName: request.organization.name,
      });
    }
  }
  for (const uid of config.studyDetail?.dicom ?? []) {
    if (!seen.has(uid))
      seen.set(uid, {
        studyInstanceUid: uid,
        label: uid,
        patientRequestId: config.patient_requests?.[0]?.id ?? 'self',
        organizationName: config.patient_requests?.[0]?.organization.name ?? '',
      });
  }
  return [...seen.values()];
};

/** The patient as the page names them: last and first name (records spec §2.7). */
export const linkPatient = (config: PublicViewerConfig): string => {
  const p = config.patient_requests?.[0]?.patients[0];
  return p ? [p.last_name, p.first_name].filter(Boolean).join(', ') : '';
};

const storageKey = (linkId: string) => `viewer-token:${linkId}`;

/** The link's viewer token, kept for this tab only (sessionStorage) once the password was accepted. */
export const readLinkToken = (linkId: string): string | null => {
  try {
    return sessionStorage.getItem(storageKey(linkId));
  } catch {
    return null;
  }
};
export const keepLinkToken = (linkId: string, token: string): void => {
  try {
    sessionStorage.setItem(storageKey(linkId), token);
  } catch {
    // Storage refused (private mode): the token still works for this page's life.
  }
};
