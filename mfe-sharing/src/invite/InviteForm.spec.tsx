import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@portal/contracts';
import { InviteForm } from './InviteForm';

const fill = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('the invite form (records spec §5)', () => {
  it('after a successful invitation the emptied form shows no errors until it is touched again (issue 24 #11)', async () => {
    const onSubmit = jest.fn().mockResolvedValue(true);
    render(<InviteForm records={[]} onSubmit={onSubmit} />);
    fill('invite-firstName', 'Robin');
    fill('invite-lastName', 'Invitee');
    fill('invite-email', 'robin@example.com');
    fireEvent.mouseDown(screen.getByTestId('invite-relationship'));
    fireEvent.click(await screen.findByRole('option', { name: 'Sibling' }));
    fireEvent.click(screen.getByTestId('invite-access-all'));
    fireEvent.click(screen.getByTestId('invite-submit'));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByTestId('invite-firstName')).toHaveProperty('value', ''));
    await waitFor(() => expect(screen.getByTestId('invite-submit')).toHaveProperty('disabled', false));
    expect(screen.queryAllByRole('alert')).toEqual([]);
    for (const text of [
      MESSAGES.firstNameRequired,
      MESSAGES.lastNameRequired,
      MESSAGES.emailRequired,
      MESSAGES.selectRelationship,
      MESSAGES.accessTypeRequired,
    ]) {
      expect(screen.queryByText(text)).toBeNull();
    }
    // Submitting the empty form again shows every message.
    fireEvent.click(screen.getByTestId('invite-submit'));
    expect(await screen.findByText(MESSAGES.firstNameRequired)).toBeTruthy();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
