import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { MESSAGES, type MeetingPeer, type RoomEvent } from '@portal/contracts';
import { queryError } from '@portal/api';
import { toast } from '@portal/ui';
import { ChannelHub } from './channel-hub';
import { PeerMesh } from './peer-mesh';
import { RoomClient } from './room-client';
import {
  type MeetingLink,
  useAdmitParticipantMutation,
  useEndMeetingMutation,
  useJoinVideoMeetingMutation,
  useLeaveMeetingMutation,
  usePollRoomMutation,
  useSendSignalMutation,
} from './video-meeting.api';

export type MeetingPhase = 'lobby' | 'joining' | 'waiting' | 'in-call' | 'left' | 'ended' | 'closed';

/**
 * A participant's meeting: join (waiting room until the host admits), the room's events, the mesh of
 * peer connections once in the call, and leave, rejoin, admit and end. Media and the data channel
 * flow browser to browser; only signalling passes through the portal.
 */
export const useMeetingRoom = (link: MeetingLink, iceServers: RTCIceServer[], local: MediaStream | null) => {
  const [phase, setPhase] = useState<MeetingPhase>('lobby');
  const [peers, setPeers] = useState<MeetingPeer[]>([]);
  const [streams, setStreams] = useState<Record<string, MediaStream>>({});
  const [closedWhy, setClosedWhy] = useState<string | null>(null);
  const client = useRef<RoomClient | null>(null);
  const mesh = useRef<PeerMesh | null>(null);
  const hub = useMemo(() => new ChannelHub(), []);
  const [join] = useJoinVideoMeetingMutation();
  const [pollRoom] = usePollRoomMutation();
  const [sendSignal] = useSendSignalMutation();
  const [admitParticipant] = useAdmitParticipantMutation();
  const [leaveMeeting] = useLeaveMeetingMutation();
  const [endMeeting] = useEndMeetingMutation();
  // The latest values for the room's callbacks, which outlive renders.
  const latest = useRef({ local, iceServers });
  latest.current = { local, iceServers };

  const meshOf = useCallback((): PeerMesh => {
    if (mesh.current) return mesh.current;
    const m = new PeerMesh(link.participantId, latest.current.local, latest.current.iceServers, {
      onStream: (peerId, stream) =>
        setStreams((all) => {
          const next = { ...all };
          if (stream) next[peerId] = stream;
          else delete next[peerId];
          return next;
        }),
      onMessage: (peerId, message) => hub.message(peerId, message),
      onChannelOpen: (peerId) => hub.open(peerId),
      signal: (input) => client.current?.signal(input) ?? Promise.resolve(),
    });
    hub.sendAll = (message) => m.broadcast(message);
    hub.sendTo = (peerId, message) => m.sendTo(peerId, message);
    mesh.current = m;
    return m;
  }, [hub, link.participantId]);

  const teardown = useCallback(() => {
    client.current?.stop();
    client.current = null;
    mesh.current?.close();
    mesh.current = null;
    setStreams({});
    setPeers([]);
  }, []);

  const onEvent = useCallback(
    (event: RoomEvent) => {
      if (event.type === 'peers') {
        setPeers(event.peers);
        const inCall = event.peers.filter((p) => p.state === 'IN_CALL').map((p) => p.participantId);
        if (inCall.includes(link.participantId)) {
          setPhase('in-call');
          meshOf().sync(inCall);
        }
      } else if (event.type === 'admitted') {
        setPhase('in-call');
        meshOf();
      } else if (event.type === 'signal') {
        void meshOf()
          .receive(event.from, event.kind, event.payload)
          .catch(() => undefined);
      } else if (event.type === 'ended') {
        teardown();
        setPhase('ended');
      }
    },
    [link.participantId, meshOf, teardown],
  );

  const enter = useCallback(async () => {
    setPhase('joining');
    setClosedWhy(null);
    try {
      const answer = await join(link).unwrap();
      const inRoom = { ...link, token: answer.token };
      const room = new RoomClient(
        answer,
        {
          poll: (after) => pollRoom({ ...inRoom, after }),
          signal: (signal) => sendSignal({ ...inRoom, signal }).unwrap(),
          admit: (waiting) => admitParticipant({ ...inRoom, waiting }).unwrap(),
          leave: () => leaveMeeting(inRoom).unwrap(),
          end: () => endMeeting(inRoom).unwrap(),
        },
        {
          onEvent,
          onClosed: (why) => {
            teardown();
            setClosedWhy(why);
            // 'ended' from the event, or the server's answer to a window that polled after the end.
            const ended = why === 'ended' || why === MESSAGES.meetingEnded;
            setPhase((p) => (p === 'ended' || p === 'left' ? p : ended ? 'ended' : 'closed'));
          },
        },
      );
      client.current = room;
      setPhase(answer.admitted ? 'in-call' : 'waiting');
      room.start();
    } catch (e) {
      setPhase('lobby');
      toast.error(queryError(e).message, 'meeting-join');
    }
  }, [join, link, onEvent, teardown, pollRoom, sendSignal, admitParticipant, leaveMeeting, endMeeting]);

  const leave = useCallback(async () => {
    const room = client.current;
    teardown();
    setPhase('left');
    await room?.leave();
  }, [teardown]);

  const end = useCallback(async () => {
    try {
      await client.current?.end();
      teardown();
      setPhase('ended');
    } catch (e) {
      toast.error(queryError(e).message, 'meeting-end');
    }
  }, [teardown]);

  const admit = useCallback(async (participantId: string) => {
    try {
      await client.current?.admit(participantId);
    } catch (e) {
      toast.error(queryError(e).message, 'meeting-admit');
    }
  }, []);

  // Leaving the page leaves the room (the others see it at once rather than after the presence timeout).
  useEffect(
    () => () => {
      void client.current?.leave();
      mesh.current?.close();
    },
    [],
  );

  return { phase, peers, streams, closedWhy, hub, enter, leave, end, admit };
};
