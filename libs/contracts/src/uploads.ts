/**
 * The rules every upload of the portal shares: what a file's name may be, and which files each kind of
 * record is. Types are checked by content (magic bytes) on the server; extensions are what the pickers
 * offer ('' for DICOM files, which often have none). The file name's schema is in file-name.ts: this
 * module is read by the shell's first load and must not bring yup with it.
 */
export interface FileKind {
  contentTypes: readonly string[];
  extensions: readonly string[];
}
export interface UploadRule extends FileKind {
  maxBytes: number;
}

const MB = 1024 * 1024;

export const PDF_FILES = {
  contentTypes: ['application/pdf'],
  extensions: ['pdf'],
} as const satisfies FileKind;
export const PICTURE_FILES = {
  contentTypes: ['image/png', 'image/jpeg', 'image/webp'],
  extensions: ['png', 'jpg', 'jpeg', 'webp'],
} as const satisfies FileKind;
/** DICOM Part 10 files or zip archives of them. */
export const DICOM_FILES = {
  contentTypes: ['application/dicom', 'application/zip'],
  extensions: ['dcm', 'zip', ''],
} as const satisfies FileKind;

/**
 * What a record of each type may be, whoever uploads it (a facility's delivery, a patient's own
 * record): imaging is DICOM, a report a PDF, other documents a PDF or a picture.
 */
export const RECORD_FILES = {
  IMAGES: { ...DICOM_FILES, maxBytes: 2 * 1024 * MB },
  REPORTS: { ...PDF_FILES, maxBytes: 100 * MB },
  OTHERS: {
    contentTypes: [...PDF_FILES.contentTypes, ...PICTURE_FILES.contentTypes],
    extensions: [...PDF_FILES.extensions, ...PICTURE_FILES.extensions],
    maxBytes: 100 * MB,
  },
} as const satisfies Record<string, UploadRule>;

// Control characters have no place in a file name or path (they hide text in logs and listings).
export const hasControl = (v: string): boolean => [...v].some((c) => c.charCodeAt(0) < 0x20);
