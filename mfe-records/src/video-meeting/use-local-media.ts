import { useCallback, useEffect, useRef, useState } from 'react';

export type DeviceStatus = 'asking' | 'ready' | 'blocked' | 'no-device';

/**
 * The camera and microphone check of the waiting room: asks for both, says plainly when the browser
 * blocked them (with Try again), and lets someone with no camera still join with what they have.
 */
export const useLocalMedia = () => {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [status, setStatus] = useState<DeviceStatus>('asking');
  const [audioOn, setAudioOn] = useState(true);
  const [videoOn, setVideoOn] = useState(true);
  const current = useRef<MediaStream | null>(null);

  const ask = useCallback(async () => {
    setStatus('asking');
    const media = navigator.mediaDevices;
    if (!media?.getUserMedia) return setStatus('no-device');
    for (const constraints of [{ video: true, audio: true }, { audio: true }, { video: true }]) {
      try {
        const got = await media.getUserMedia(constraints);
        current.current?.getTracks().forEach((t) => t.stop());
        current.current = got;
        setStream(got);
        return setStatus('ready');
      } catch (e) {
        const name = (e as DOMException)?.name;
        if (name === 'NotAllowedError' || name === 'SecurityError') return setStatus('blocked');
        // NotFoundError / OverconstrainedError: try with fewer devices.
      }
    }
    setStatus('no-device');
  }, []);

  useEffect(() => {
    void ask();
    return () => current.current?.getTracks().forEach((t) => t.stop());
  }, [ask]);

  const toggle = (kind: 'audio' | 'video') => {
    const tracks = kind === 'audio' ? stream?.getAudioTracks() : stream?.getVideoTracks();
    const on = !(kind === 'audio' ? audioOn : videoOn);
    tracks?.forEach((t) => (t.enabled = on));
    (kind === 'audio' ? setAudioOn : setVideoOn)(on);
  };

  return {
    stream,
    status,
    retry: ask,
    audioOn,
    videoOn,
    hasAudio: !!stream?.getAudioTracks().length,
    hasVideo: !!stream?.getVideoTracks().length,
    toggleAudio: () => toggle('audio'),
    toggleVideo: () => toggle('video'),
  };
};
