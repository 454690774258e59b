import FileType from 'file-type';

/** Content types the portal accepts, decided by the file's bytes, never by its name. */
export const KNOWN_TYPES = [
  'image/png',
  'image/jpeg',
  'image/webp',
  'application/pdf',
  'application/dicom',
  'application/zip',
] as const;
export type KnownType = (typeof KNOWN_TYPES)[number];

/** DICOM Part 10 files carry 'DICM' after a 128-byte preamble; file-type does not know it. */
const isDicom = (head: Buffer) => head.length >= 132 && head.toString('latin1', 128, 132) === 'DICM';

export const sniffContentType = async (head: Buffer): Promise<string | undefined> => {
  if (isDicom(head)) return 'application/dicom';
  return (await FileType.fromBuffer(head))?.mime;
};
