import { nextStepTone } from '@portal/contracts';
import {
  diagramFigureOf,
  diagramOrgansOf,
  findFinding,
  groupByFacility,
  inAppPath,
  isOverdue,
  outcomeNameOf,
  scanDetailsPath,
  scanReportPath,
  scansListPath,
  zoomIn,
  zoomOut,
} from './scan-view';
import { finding, listItem, ORG_A, ORG_B, scan } from './testing';

describe('whole body scan view rules', () => {
  it('groups scans by facility, newest facility and scan first, with the facility launchers only', () => {
    const groups = groupByFacility(
      [
        listItem('s1', ORG_A, '2025-03-01'),
        listItem('s2', ORG_B, '2026-01-01'),
        listItem('s3', ORG_A, '2025-09-01'),
      ],
      [
        { organization_id: ORG_A.id, title: 'PatientPlus', url: 'https://a.example/launch' },
        { organization_id: 'org-x', title: 'Other', url: 'https://x.example' },
      ],
    );
    expect(groups.map((g) => [g.name, g.scans.map((s) => s.id), g.launchers.length])).toEqual([
      [ORG_B.name, ['s2'], 0],
      [ORG_A.name, ['s3', 's1'], 1],
    ]);
  });

  it('an outcome defaults to NO_ADVERSE_FINDING when a finding has none', () => {
    expect(outcomeNameOf(finding('f', 'Spine', ['SPINE']))).toBe('No adverse finding');
    expect(outcomeNameOf(finding('f', 'Heart', ['HEART'], { outcome: 'MAJOR_FINDING' }))).toBe(
      'Major finding',
    );
  });

  it('next steps are toned by position, cycling informational, minor, major', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(nextStepTone)).toEqual([
      'informational',
      'minor',
      'major',
      'informational',
      'minor',
      'major',
      'informational',
    ]);
  });

  it('zooms ×1.2 per step and never below 1', () => {
    expect(zoomIn(1)).toBeCloseTo(1.2);
    expect(zoomIn(zoomIn(1))).toBeCloseTo(1.44);
    expect(zoomOut(1.44)).toBeCloseTo(1.2);
    expect(zoomOut(1.2)).toBe(1);
    expect(zoomOut(1)).toBe(1);
    expect(zoomOut(1.1)).toBe(1);
  });

  it('the diagram shows the finding body parts it has a picture of, by sex, else a blank body', () => {
    const s = scan();
    expect(diagramOrgansOf(findFinding(s.findings, 'f-liver'), 'FEMALE')).toEqual(['LIVER']);
    expect(diagramOrgansOf(findFinding(s.findings, 'f-spine'), 'FEMALE')).toEqual([]);
    expect(diagramOrgansOf(findFinding(s.findings, 'f-uterus'), 'FEMALE')).toEqual(['UTERUS']);
    expect(diagramOrgansOf(findFinding(s.findings, 'f-uterus'), 'MALE')).toEqual([]);
    expect(diagramOrgansOf(findFinding(s.findings, 'f-cyst'), 'MALE')).toEqual(['LIVER']);
    expect(diagramOrgansOf(null, 'MALE')).toEqual([]);
    expect([diagramFigureOf('MALE'), diagramFigureOf('FEMALE'), diagramFigureOf('OTHER')]).toEqual([
      'male',
      'other',
      'other',
    ]);
  });

  it('a follow-up is overdue only when not done and its date has passed', () => {
    expect(isOverdue({ due_date: '2026-01-01', done_at: null }, '2026-01-02')).toBe(true);
    expect(isOverdue({ due_date: '2026-01-02', done_at: null }, '2026-01-02')).toBe(false);
    expect(isOverdue({ due_date: '2026-01-01', done_at: '2026-01-03' }, '2026-01-05')).toBe(false);
  });

  it('names the screens in both route tables', () => {
    expect(scansListPath('new')).toBe('/patient/my-records/whole-body-scans');
    expect(scansListPath('legacy')).toBe('/simonOne');
    expect(scanReportPath('new', 's1')).toBe('/whole-body-scan/s1');
    expect(scanDetailsPath('new', 's1')).toBe('/whole-body-scan/s1/details');
    expect(scanReportPath('legacy', 's1')).toBe('/simonOne/details?id=s1');
    expect(scanDetailsPath('legacy', 's1')).toBe('/simonOne/details?id=s1&view=details');
  });

  it('a meeting link of the portal opens in place, another site’s as a link', () => {
    expect(inAppPath('/videoMeeting/m1/p1', 'https://portal.example')).toBe('/videoMeeting/m1/p1');
    expect(inAppPath('https://portal.example/videoMeeting/m1/p1?x=1', 'https://portal.example')).toBe(
      '/videoMeeting/m1/p1?x=1',
    );
    expect(inAppPath('https://meet.example/r/1', 'https://portal.example')).toBeNull();
  });
});
