import type { DicomJsonAttribute, DicomJsonDataset } from '@portal/contracts';
import { DICOMWEB_ROOT } from '@portal/contracts';
import type { QidoRow } from '../../instances/instance-search.repository';
import type { QidoLevel } from './qido-query';

type Vr = 'UI' | 'CS' | 'LO' | 'SH' | 'DA' | 'TM' | 'PN' | 'IS' | 'US' | 'UR';

const da = (iso: string) => iso.replace(/-/g, '');
/** One attribute: an empty or null value is present with no Value (PS3.18 F.2.2), a PN as its Alphabetic group. */
const attr = (vr: Vr, value: string | number | null | undefined, split = false): DicomJsonAttribute => {
  if (value === null || value === undefined || value === '') return { vr };
  if (vr === 'PN') return { vr, Value: [{ Alphabetic: String(value) }] };
  if (vr === 'DA') return { vr, Value: [da(String(value))] };
  if (vr === 'IS' || vr === 'US') return { vr, Value: [Number(value)] };
  return { vr, Value: split ? String(value).split('\\') : [value] };
};

const study = (r: QidoRow): DicomJsonDataset => ({
  '00080020': attr('DA', r.study_date),
  '00080030': attr('TM', r.study_time),
  '00080050': attr('SH', r.accession),
  '00080061': attr('CS', r.modalities, true),
  '00080090': attr('PN', r.referring),
  '00081030': attr('LO', r.study_description),
  '00081190': attr('UR', `${DICOMWEB_ROOT}/studies/${r.study}`),
  '00100010': attr('PN', r.patient_name),
  '00100020': attr('LO', r.patient_id),
  '00100030': attr('DA', r.birth_date),
  '00100040': attr('CS', r.sex),
  '0020000D': attr('UI', r.study),
  '00200010': attr('SH', r.study_id),
  '00201206': attr('IS', r.series_count),
  '00201208': attr('IS', r.instance_count),
});

const series = (r: QidoRow): DicomJsonDataset => ({
  '00080060': attr('CS', r.modality),
  '0008103E': attr('LO', r.series_description),
  '00081190': attr('UR', `${DICOMWEB_ROOT}/studies/${r.study}/series/${r.series}`),
  '00180015': attr('CS', r.body_part),
  '0020000D': attr('UI', r.study),
  '0020000E': attr('UI', r.series),
  '00200011': attr('IS', r.series_number),
  '00201209': attr('IS', r.instance_count),
});

const instance = (r: QidoRow): DicomJsonDataset => ({
  '00080016': attr('UI', r.sop_class),
  '00080018': attr('UI', r.sop),
  '00080060': attr('CS', r.modality),
  '00081190': attr('UR', `${DICOMWEB_ROOT}/studies/${r.study}/series/${r.series}/instances/${r.sop}`),
  '00083002': attr('UI', r.transfer_syntax),
  '0020000D': attr('UI', r.study),
  '0020000E': attr('UI', r.series),
  '00200011': attr('IS', r.series_number),
  '00200013': attr('IS', r.instance_number),
  '00280008': attr('IS', r.number_of_frames),
  '00280010': attr('US', r.rows),
  '00280011': attr('US', r.columns),
});

/** A QIDO-RS answer row in the DICOM JSON model, with the usual attributes of its level. */
export const toQidoDataset: Record<QidoLevel, (r: QidoRow) => DicomJsonDataset> = {
  studies: study,
  series,
  instances: instance,
};
