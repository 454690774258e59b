import { tabsFor } from './ShareDialog';

describe('the Share Records tabs (records spec §2.5)', () => {
  it('shows Share With Imaging Facility only for an IMAGES request, and never a burn-disc tab', () => {
    expect(tabsFor('IMAGES').map((t) => t.label)).toEqual([
      'Email',
      'Print Access Page',
      'Download',
      'Share With Imaging Facility',
    ]);
    for (const type of ['IMAGES_ONLY', 'REPORTS', 'OTHERS'])
      expect(tabsFor(type).map((t) => t.value)).toEqual(['email', 'print-access-page', 'download']);
  });
});
