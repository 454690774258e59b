import type { ImagingStudy } from '@portal/contracts';
import type { ViewerInstanceRow } from '../../instances/instance-read.repository';

/** A DICOM person name (Last^First^Middle^Prefix^Suffix) as the viewer header shows it. */
export const personName = (pn: string): { first: string; last: string } => {
  const [last = '', first = ''] = pn.split('=')[0].split('^');
  return { first: first.trim(), last: last.trim() };
};

/** The rows of one study, in viewing order, as the imaging study of the spec (§3): series, their instances, frames. */
export const toImagingStudy = (study: string, rows: ViewerInstanceRow[]): ImagingStudy => {
  const series = new Map<string, ImagingStudy['series'][number]>();
  for (const r of rows) {
    let s = series.get(r.series);
    if (!s)
      series.set(
        r.series,
        (s = {
          series_uid: r.series,
          series_number: r.seriesNumber,
          modality: r.modality,
          series_description: r.seriesDescription,
          instances: [],
        }),
      );
    s.instances.push({ instance_uid: r.sop, instance_number: r.instanceNumber, frame: r.frames || 1 });
  }
  const first = rows[0];
  const name = personName(first?.patientName ?? '');
  return {
    study_uid: study,
    modality: [...new Set(rows.map((r) => r.modality))].join('/'),
    study_description: first?.studyDescription ?? '',
    study_date: first?.studyDate ?? null,
    patient_first_name: name.first,
    patient_last_name: name.last,
    total_instances: rows.length,
    series: [...series.values()],
  };
};
