import type { ImagingStudy } from '@portal/contracts';

/** Another study this viewer may show beside its own (the public link's other studies, a prior). */
export interface CompareStudy {
  studyInstanceUid: string;
  label: string;
  /** What the study is read through ('self' for the patient's own uploads). */
  patientRequestId: string;
  /** The viewer token that opens it; without it the portal's session asks for one. */
  token?: string;
}

/** What the Compare list offers: a series of the shown study, or another study (its first series). */
export interface CompareChoice {
  key: string;
  label: string;
  studyInstanceUid: string;
  seriesUid?: string;
  organizationId: string;
  token?: string;
}

/**
 * The Compare list: the shown study's other series with images, then the other studies the host gives.
 * The shown series itself is left out (side by side with itself shows nothing new).
 */
export const compareChoices = (
  study: ImagingStudy,
  shownSeries: string | null,
  organizationId: string,
  token: string,
  others: CompareStudy[],
): CompareChoice[] => [
  ...study.series.flatMap((s, i) =>
    s.series_uid === shownSeries || !s.instances.length
      ? []
      : [
          {
            key: `series:${s.series_uid}`,
            label: `This study, series ${s.series_number ?? i + 1}: ${[s.modality, s.series_description].filter(Boolean).join(' ')}`,
            studyInstanceUid: study.study_uid,
            seriesUid: s.series_uid,
            organizationId,
            token,
          },
        ],
  ),
  ...others
    .filter((o) => o.studyInstanceUid !== study.study_uid)
    .map((o) => ({
      key: `study:${o.studyInstanceUid}`,
      label: o.label,
      studyInstanceUid: o.studyInstanceUid,
      organizationId: o.patientRequestId || 'self',
      token: o.token,
    })),
];

/**
 * The image of the compared stack at the same place as image `index` of `total` in the leading one:
 * the same fraction of the way through (a prior and a current scan of the same region line up this way
 * when they cover it alike); 0 when either stack has one image.
 */
export const comparedIndex = (index: number, total: number, otherTotal: number): number =>
  total <= 1 || otherTotal <= 1
    ? 0
    : Math.min(otherTotal - 1, Math.max(0, Math.round((index * (otherTotal - 1)) / (total - 1))));
