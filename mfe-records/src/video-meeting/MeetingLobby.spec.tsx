import { fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@portal/contracts';
import { MeetingLobby, type MeetingLobbyProps } from './MeetingLobby';

const lobby = (props: Partial<MeetingLobbyProps>) => {
  const handlers = { onRetry: jest.fn(), onJoin: jest.fn() };
  render(
    <MeetingLobby stream={null} status="ready" waiting={false} joining={false} {...handlers} {...props} />,
  );
  return handlers;
};

describe('the waiting room of a video meeting', () => {
  it('says plainly when the browser blocked the camera or microphone, and offers to try again', () => {
    const { onRetry } = lobby({ status: 'blocked' });
    expect(screen.getByTestId('meeting-devices-blocked').textContent).toContain(
      MESSAGES.meetingDevicesBlocked,
    );
    expect((screen.getByTestId('meeting-join') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });

  it('joins once the devices work, and then waits for the host', () => {
    const { onJoin } = lobby({ status: 'ready' });
    fireEvent.click(screen.getByTestId('meeting-join'));
    expect(onJoin).toHaveBeenCalled();
    lobby({ waiting: true });
    expect(screen.getByTestId('meeting-waiting').textContent).toContain(MESSAGES.meetingWaiting);
  });

  it('lets someone with no camera join to see and hear the others', () => {
    lobby({ status: 'no-device' });
    expect(screen.getByText(/No camera or microphone was found/)).toBeTruthy();
    expect((screen.getByTestId('meeting-join') as HTMLButtonElement).disabled).toBe(false);
  });
});
