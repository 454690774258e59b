import { tabsFor } from './ShareDialog';

describe('the Share Records tabs (records spec §2.5)', () => {
  it('shows Share With Imaging Facility only for an IMAGES request, and never a burn-disc tab', () => {
    expect(tabsFor('IMAGES').map((t) => t.label)).toEqual([
      'Email',
      'Print Access Page',
      'Download',
      'Share With Imaging Facility',
      'SMART Health Link',
    ]);
    expect(tabsFor('IMAGES_ONLY').map((t) => t.value)).toEqual([
      'email',
      'print-access-page',
      'download',
      'health-link',
    ]);
    for (const type of ['REPORTS', 'OTHERS'])
      expect(tabsFor(type).map((t) => t.value)).toEqual(['email', 'print-access-page', 'download']);
  });
});
