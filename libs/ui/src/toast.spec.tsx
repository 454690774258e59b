import { act, render, screen, waitFor } from '@testing-library/react';
import { closeSnackbar } from 'notistack';
import { PortalSnackbarProvider, toast } from './toast';
import { useErrorToast } from './use-error-toast';

const Load = ({ error }: { error?: { message: string } }) => {
  useErrorToast(error);
  return null;
};

describe('toasts', () => {
  it('a success of the same action removes the error it follows; other actions keep theirs', async () => {
    render(<PortalSnackbarProvider>{null}</PortalSnackbarProvider>);
    act(() => {
      toast.error('Current password is incorrect', 'change-password');
      toast.error('Could not load countries', 'other');
    });
    expect(await screen.findByText('Current password is incorrect')).toBeTruthy();
    act(() => toast.success('Your password has been changed successfully', 'change-password'));
    expect(await screen.findByText('Your password has been changed successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Current password is incorrect')).toBeNull());
    expect(screen.getByText('Could not load countries')).toBeTruthy();
  });

  it('the same failure twice shows one toast', async () => {
    render(<PortalSnackbarProvider>{null}</PortalSnackbarProvider>);
    act(() => toast.error('Wrong again', 'retry'));
    expect(await screen.findByText('Wrong again')).toBeTruthy();
    act(() => toast.error('Wrong again', 'retry'));
    await act(() => Promise.resolve());
    expect(screen.getAllByText('Wrong again')).toHaveLength(1);
  });

  it('the same outcome again once its toast has gone shows a new toast (a second delete is told too)', async () => {
    render(<PortalSnackbarProvider>{null}</PortalSnackbarProvider>);
    act(() => toast.success('Document Deleted Successfully', 'provider-delete'));
    const first = await screen.findByText('Document Deleted Successfully');
    expect(first).toBeTruthy();
    // Gone the way it goes by itself (notistack closes it; nothing of ours is told), its exit played out.
    act(() => closeSnackbar());
    await waitFor(() => expect(screen.queryByText('Document Deleted Successfully')).toBeNull());
    act(() => toast.success('Document Deleted Successfully', 'provider-delete'));
    expect(await screen.findByText('Document Deleted Successfully')).toBeTruthy();
  });

  it('a failed load that loads on a retry takes its error toast away', async () => {
    const { rerender } = render(
      <PortalSnackbarProvider>
        <Load error={{ message: 'Unable to load the list' }} />
      </PortalSnackbarProvider>,
    );
    expect(await screen.findByText('Unable to load the list')).toBeTruthy();
    rerender(
      <PortalSnackbarProvider>
        <Load />
      </PortalSnackbarProvider>,
    );
    await waitFor(() => expect(screen.queryByText('Unable to load the list')).toBeNull());
  });
});
