import { DEFAULT_FINDING_OUTCOME, type FindingInput } from '@portal/contracts';

/** A finding being written: the input of the publish call, with a local key for React and the editor. */
export interface FindingDraft extends Omit<FindingInput, 'children'> {
  key: string;
  children: FindingDraft[];
}

let counter = 0;
export const newFinding = (findingTypeId = ''): FindingDraft => ({
  key: `f${++counter}`,
  findingTypeId,
  outcome: DEFAULT_FINDING_OUTCOME,
  pathology: null,
  priorFindingId: null,
  keyImages: [],
  pdfReports: [],
  nextSteps: [],
  children: [],
});

/** One finding changed, wherever it sits in the tree. */
export const updateFinding = (
  list: FindingDraft[],
  key: string,
  change: (f: FindingDraft) => FindingDraft | null,
): FindingDraft[] =>
  list.flatMap((f) => {
    if (f.key === key) {
      const next = change(f);
      return next ? [next] : [];
    }
    return [{ ...f, children: updateFinding(f.children, key, change) }];
  });

/** The drafts as the publish call takes them. */
export const toInput = (list: FindingDraft[]): FindingInput[] =>
  list.map(({ key: _key, children, ...f }) => ({ ...f, children: toInput(children) }));
