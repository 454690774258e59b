import { MESSAGES } from '@portal/contracts';
import { AppError, forbidden, notFound } from '@portal/server-kit';

/** An unknown meeting or participant, or a participant of another meeting: one answer for all. */
export const meetingNotFound = () => notFound('Video meeting');
/** The link is another user's (records spec: one link per participant). */
export const meetingNotYours = () => forbidden(MESSAGES.meetingNotYours);
export const meetingNotYetOpen = () => new AppError('RESOURCE.CONFLICT', MESSAGES.meetingNotYetOpen);
export const meetingEnded = () => new AppError('RESOURCE.CONFLICT', MESSAGES.meetingEnded);
/** No room token, a stale one (the same link joined again elsewhere), or the participant left. */
export const notInRoom = () =>
  new AppError('RESOURCE.CONFLICT', 'You are not in this meeting. Join it again from your link.');
export const hostOnly = () => forbidden('Only the host can do this.');
/** A signal to someone not in the call, or from someone still waiting. */
export const peerNotInCall = () => new AppError('RESOURCE.CONFLICT', 'That participant is not in the call.');
/** Admit for someone who is not in the waiting room (already in, left, or never came). */
export const notWaiting = () => new AppError('RESOURCE.CONFLICT', 'That participant is not waiting to join.');
