import { canUpload, footerKind } from './footer';

describe('the request detail footer (records spec §4)', () => {
  it('offers Cancel rejection when the document request is rejected, even with files', () => {
    expect(footerKind({ submitted: false, rejected: true, fileCount: 0 })).toBe('rejected');
    expect(footerKind({ submitted: false, rejected: true, fileCount: 3 })).toBe('rejected');
  });

  it('offers Submit records once files exist', () => {
    expect(footerKind({ submitted: false, rejected: false, fileCount: 1 })).toBe('submit');
  });

  it('offers Record not available (and a disabled Submit) without files', () => {
    expect(footerKind({ submitted: false, rejected: false, fileCount: 0 })).toBe('not-available');
  });

  it('offers nothing more once the records are submitted', () => {
    expect(footerKind({ submitted: true, rejected: false, fileCount: 2 })).toBe('submitted');
    expect(footerKind({ submitted: true, rejected: true, fileCount: 0 })).toBe('submitted');
  });

  it('disables upload while rejected, submitted or busy', () => {
    expect(canUpload({ submitted: false, rejected: false, busy: false })).toBe(true);
    expect(canUpload({ submitted: false, rejected: true, busy: false })).toBe(false);
    expect(canUpload({ submitted: true, rejected: false, busy: false })).toBe(false);
    expect(canUpload({ submitted: false, rejected: false, busy: true })).toBe(false);
  });
});
