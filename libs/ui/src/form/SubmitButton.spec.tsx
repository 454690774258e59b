import { fireEvent, render, screen } from '@testing-library/react';
import { SubmitButton } from './SubmitButton';

describe('SubmitButton', () => {
  it('submits its form, full width by default', () => {
    const onSubmit = jest.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <SubmitButton testId="save">Save</SubmitButton>
      </form>,
    );
    const button = screen.getByTestId('save') as HTMLButtonElement;
    expect(button.type).toBe('submit');
    expect(button.className).toMatch(/fullWidth/);
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(button);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is disabled and shows a small progress indicator while submitting', () => {
    render(
      <SubmitButton testId="save" submitting>
        Save
      </SubmitButton>,
    );
    const button = screen.getByTestId('save') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.querySelector('.MuiCircularProgress-root')).toBeTruthy();
  });

  it('can be disabled without submitting (an invalid form)', () => {
    render(
      <SubmitButton testId="save" disabled fullWidth={false}>
        Save
      </SubmitButton>,
    );
    const button = screen.getByTestId('save') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.className).not.toMatch(/fullWidth/);
    expect(button.querySelector('.MuiCircularProgress-root')).toBeNull();
  });
});
