// @ts-expect-error -- dcmjs ships no types; the one call the store makes is typed below.
import * as dcmjs from 'dcmjs';

/** dcmjs's dictionary of a dataset: DICOM JSON plus its private `_rawValue`. */
export type DcmjsDict = Record<string, { vr: string; Value?: unknown[]; _rawValue?: unknown }>;

interface DicomMessage {
  readFile(
    buffer: ArrayBuffer,
    options?: { untilTag?: string; includeUntilTagValue?: boolean },
  ): { meta: DcmjsDict; dict: DcmjsDict };
}

/** Reads a Part 10 file's meta group and dataset (up to `untilTag`) with dcmjs. */
export const readWithDcmjs = (buffer: ArrayBuffer, untilTag: string): { meta: DcmjsDict; dict: DcmjsDict } =>
  (dcmjs as { data: { DicomMessage: DicomMessage } }).data.DicomMessage.readFile(buffer, {
    untilTag,
    includeUntilTagValue: false,
  });
