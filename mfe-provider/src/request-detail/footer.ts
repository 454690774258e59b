/** What the request detail's footer offers (records spec §4 "Document request (provider)"). */
export type FooterKind =
  /** The records are submitted (uploaded_at set): nothing more to do here. */
  | 'submitted'
  /** The selected document request is rejected: Cancel rejection. */
  | 'rejected'
  /** Files exist: Submit records. */
  | 'submit'
  /** No files yet: Record not available (the Reject panel) and a disabled Submit. */
  | 'not-available';

export interface FooterInput {
  submitted: boolean;
  rejected: boolean;
  fileCount: number;
}

export const footerKind = ({ submitted, rejected, fileCount }: FooterInput): FooterKind =>
  submitted ? 'submitted' : rejected ? 'rejected' : fileCount > 0 ? 'submit' : 'not-available';

/** Upload is disabled while the selected document request is rejected, once submitted, and while a batch runs. */
export const canUpload = ({
  submitted,
  rejected,
  busy,
}: {
  submitted: boolean;
  rejected: boolean;
  busy: boolean;
}): boolean => !submitted && !rejected && !busy;
