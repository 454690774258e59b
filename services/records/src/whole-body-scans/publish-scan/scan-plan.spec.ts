import type { FindingInput } from '@portal/contracts';
import { addDays, planFindings, uploadKeysOf } from './scan-plan';

const finding = (over: Partial<FindingInput> = {}): FindingInput => ({
  findingTypeId: 't',
  outcome: 'MINOR_FINDING',
  pathology: null,
  priorFindingId: null,
  keyImages: [],
  pdfReports: [],
  nextSteps: [],
  children: [],
  ...over,
});

describe('planFindings', () => {
  it('flattens the tree parents first with positions, and makes a follow-up of each enabled next step', () => {
    const plan = planFindings(
      [
        finding({
          nextSteps: [
            { title: 'a', subtitle: '', content: '', enable: true, dueDate: null },
            { title: 'b', subtitle: '', content: '', enable: false, dueDate: null },
            { title: 'c', subtitle: '', content: '', enable: true, dueDate: '2027-01-01' },
          ],
          pdfReports: [{ uploadKey: 'k1', fileName: 'r.pdf' }],
          children: [finding(), finding()],
        }),
        finding(),
      ],
      '2026-11-02',
      new Map([['k1', { blobKey: 'k1', contentType: 'application/pdf', size: 9 }]]),
      (name) => name,
    );
    expect(plan.map((f) => [f.id, f.parentId, f.position])).toEqual([
      ['f0', null, 0],
      ['f0.0', 'f0', 0],
      ['f0.1', 'f0', 1],
      ['f1', null, 1],
    ]);
    const docs = plan[0].documents;
    expect(docs.find((d) => d.kind === 'PDF_REPORT')?.file).toEqual({
      blobKey: 'k1',
      contentType: 'application/pdf',
      size: 9,
    });
    expect(docs.filter((d) => d.kind === 'NEXT_STEP').map((d) => d.followUp?.dueDate ?? null)).toEqual([
      '2026-12-02',
      null,
      '2027-01-01',
    ]);
  });

  it('names every upload key with its field', () => {
    expect(
      uploadKeysOf(
        [finding({ children: [finding({ pdfReports: [{ uploadKey: 'k', fileName: 'x.pdf' }] })] })],
        [{ uploadKey: 'v' }],
      ),
    ).toEqual([
      { key: 'k', field: 'findings[0].children[0].pdfReports[0].uploadKey', kind: 'PDF_REPORT' },
      { key: 'v', field: 'videoReports[0].uploadKey', kind: 'VIDEO_REPORT' },
    ]);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
