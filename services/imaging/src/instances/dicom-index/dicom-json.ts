import type { DicomJsonAttribute, DicomJsonDataset } from '@portal/contracts';
import { BULK_THRESHOLD } from './frame-index';
import type { DcmjsDict } from './dcmjs-reader';

const BINARY_VRS = new Set(['OB', 'OW', 'OF', 'OD', 'OL', 'OV', 'UN']);

const byteLength = (values: unknown[]) =>
  values.reduce<number>(
    (n, v) => n + (v instanceof ArrayBuffer ? v.byteLength : ArrayBuffer.isView(v) ? v.byteLength : 0),
    0,
  );
const toBase64 = (values: unknown[]) =>
  Buffer.concat(
    values.map((v) =>
      v instanceof ArrayBuffer
        ? Buffer.from(v)
        : ArrayBuffer.isView(v)
          ? Buffer.from(v.buffer, v.byteOffset, v.byteLength)
          : Buffer.alloc(0),
    ),
  ).toString('base64');

/**
 * An instance's DICOM JSON (PS3.18 F.2) from dcmjs's dictionary: dcmjs's private `_rawValue` is
 * dropped, small binary values are inline (base64), large ones become a BulkDataURI of our bulkdata
 * route (`bulkUri(tag)`), in sequences too (nested tags are addressed by their top-level tag's URI).
 */
export const toDicomJson = (
  dict: DcmjsDict,
  bulkUri: (tag: string) => string,
  top?: string,
): DicomJsonDataset => {
  const out: DicomJsonDataset = {};
  for (const [tag, el] of Object.entries(dict)) {
    const values = el.Value ?? [];
    const attr: DicomJsonAttribute = { vr: el.vr };
    if (BINARY_VRS.has(el.vr)) {
      if (!values.length) {
        /* empty */
      } else if (byteLength(values) > BULK_THRESHOLD) attr.BulkDataURI = bulkUri(top ?? tag);
      else attr.InlineBinary = toBase64(values);
    } else if (el.vr === 'SQ') {
      attr.Value = values.map((item) => toDicomJson(item as DcmjsDict, bulkUri, top ?? tag));
    } else if (values.length) {
      attr.Value = values;
    }
    out[tag] = attr;
  }
  return out;
};
