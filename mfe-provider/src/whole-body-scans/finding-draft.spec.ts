import { newFinding, toInput, updateFinding } from './finding-draft';

describe('the findings tree being written', () => {
  it('changes or removes a finding wherever it sits, and sends the tree without local keys', () => {
    const child = newFinding('t-child');
    const parent = { ...newFinding('t-parent'), children: [child] };
    const other = newFinding('t-other');
    let tree = updateFinding([parent, other], child.key, (f) => ({ ...f, outcome: 'MAJOR_FINDING' }));
    expect(tree[0].children[0].outcome).toBe('MAJOR_FINDING');
    tree = updateFinding(tree, other.key, () => null);
    expect(tree).toHaveLength(1);
    const [input] = toInput(tree);
    expect(input).not.toHaveProperty('key');
    expect(input.children[0]).toMatchObject({
      findingTypeId: 't-child',
      outcome: 'MAJOR_FINDING',
      children: [],
    });
    expect(input.outcome).toBe('NO_ADVERSE_FINDING');
  });
});
