import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FAMILY_MEMBER_TYPES, AUTH_API, MESSAGES, type FamilyMember } from '@portal/contracts';
import { fakeApi, renderAt, signIn, type FakeRoutes } from '../components/testing';
import { FamilyMemberDialog } from './FamilyMemberDialog';
import FamilyMembersScreen from './FamilyMembersScreen';

const AUNT: FamilyMember = {
  id: 'm1',
  first_name: 'Ana',
  last_name: 'Jordan',
  relationship: { id: 6, name: 'Other relative', mnemonic: 'OTHER_RELATIVE' },
  relation: 'Great aunt',
};

const type = (testId: string, text: string) =>
  act(async () => {
    fireEvent.change(screen.getByTestId(testId), { target: { value: text } });
    fireEvent.blur(screen.getByTestId(testId));
  });
const pick = async (option: string) => {
  fireEvent.mouseDown(screen.getByTestId('family-relationship'));
  await act(async () =>
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option })),
  );
};
const save = () => act(async () => fireEvent.click(screen.getByTestId('family-save')));

describe('Family member dialog', () => {
  const open = (member: FamilyMember | null = null) => {
    const onSave = jest.fn().mockResolvedValue(undefined);
    render(
      <FamilyMemberDialog member={member} types={FAMILY_MEMBER_TYPES} onClose={jest.fn()} onSave={onSave} />,
    );
    return onSave;
  };

  it('needs names and a relationship', async () => {
    const onSave = open();
    await save();
    expect(screen.getByText(MESSAGES.firstNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.lastNameRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.selectRelationship)).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('asks for a letters-only relation when the relationship is Other relative', async () => {
    const onSave = open();
    await type('family-firstName', 'Ana');
    await type('family-lastName', 'Jordan');
    expect(screen.queryByTestId('family-relation')).toBeNull();
    await pick('Other relative');
    expect(screen.getByLabelText(/Specify relationship/)).toBeTruthy();
    await save();
    expect(screen.getByText(MESSAGES.specifyRelationship)).toBeTruthy();
    await type('family-relation', 'Aunt 2');
    expect(screen.getByText(MESSAGES.onlyLetters)).toBeTruthy();
    await save();
    expect(onSave).not.toHaveBeenCalled();
    await type('family-relation', 'Great aunt');
    await save();
    expect(onSave).toHaveBeenCalledWith({
      firstName: 'Ana',
      lastName: 'Jordan',
      relationshipTypeId: 6,
      relation: 'Great aunt',
    });
  });

  it('is prefilled for an edit and drops the relation when another relationship is chosen', async () => {
    const onSave = open(AUNT);
    expect(screen.getByRole('heading', { name: 'Edit family member' })).toBeTruthy();
    expect((screen.getByTestId('family-firstName') as HTMLInputElement).value).toBe('Ana');
    expect((screen.getByTestId('family-relation') as HTMLInputElement).value).toBe('Great aunt');
    await pick('Sibling');
    expect(screen.queryByTestId('family-relation')).toBeNull();
    await save();
    expect(onSave).toHaveBeenCalledWith({
      firstName: 'Ana',
      lastName: 'Jordan',
      relationshipTypeId: 5,
      relation: null,
    });
  });
});

describe('Family members screen', () => {
  beforeEach(() => {
    localStorage.clear();
    signIn();
  });
  const open = (routes: FakeRoutes) => {
    const calls = fakeApi({ [`GET ${AUTH_API.familyMemberTypes}`]: [200, FAMILY_MEMBER_TYPES], ...routes });
    renderAt('/family-members', <FamilyMembersScreen />);
    return calls;
  };

  it('adds a member to an empty list', async () => {
    let list: FamilyMember[] = [];
    const calls = open({
      [`GET ${AUTH_API.familyMembers}`]: () => [200, list],
      [`POST ${AUTH_API.familyMembers}`]: () => {
        list = [AUNT];
        return [201, { message: MESSAGES.entrySaved, member: AUNT }];
      },
    });
    expect(await screen.findByTestId('family-empty')).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('family-add') as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByTestId('family-add'));
    await type('family-firstName', 'Ana');
    await type('family-lastName', 'Jordan');
    await pick('Other relative');
    await type('family-relation', 'Great aunt');
    await save();
    expect(await screen.findByText(MESSAGES.entrySaved)).toBeTruthy();
    expect(await screen.findByText('Ana Jordan')).toBeTruthy();
    expect(screen.getByText('Other relative: Great aunt')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      firstName: 'Ana',
      lastName: 'Jordan',
      relationshipTypeId: 6,
      relation: 'Great aunt',
    });
  });

  it('edits with PUT and deletes after a confirmation', async () => {
    let list: FamilyMember[] = [AUNT];
    const calls = open({
      [`GET ${AUTH_API.familyMembers}`]: () => [200, list],
      [`PUT ${AUTH_API.familyMembers}/m1`]: (c) => {
        list = [{ ...AUNT, first_name: String(c.body.firstName) }];
        return [200, { message: MESSAGES.entrySaved, member: list[0] }];
      },
      [`DELETE ${AUTH_API.familyMembers}/m1`]: () => {
        list = [];
        return [200, { message: MESSAGES.entryDeleted }];
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ana Jordan' }));
    await type('family-firstName', 'Anna');
    await save();
    expect(await screen.findByText('Anna Jordan')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Anna Jordan' }));
    expect(screen.getByText(/Delete Anna Jordan from your family members/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('family-delete-confirm')));
    expect(await screen.findByText(MESSAGES.entryDeleted)).toBeTruthy();
    expect(await screen.findByTestId('family-empty')).toBeTruthy();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      `PUT ${AUTH_API.familyMembers}/m1`,
      `DELETE ${AUTH_API.familyMembers}/m1`,
    ]);
  });

  it('shows the error and goes back when the relationship types cannot be loaded', async () => {
    fakeApi({
      [`GET ${AUTH_API.familyMemberTypes}`]: [500, { statusCode: 500, code: 'X', message: 'Types are down' }],
      [`GET ${AUTH_API.familyMembers}`]: [200, []],
    });
    renderAt('/family-members', <FamilyMembersScreen />);
    expect(await screen.findByText('Types are down')).toBeTruthy();
    // No earlier page in this history: back means Settings.
    await waitFor(() => expect(screen.getByTestId('landed').textContent).toBe('/settings'));
  });
});
