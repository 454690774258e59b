import type { SignalInput, SignalKind } from '@portal/contracts';

export interface MeshHandlers {
  onStream: (peerId: string, stream: MediaStream | null) => void;
  /** A message a peer sent over the meeting's data channel. */
  onMessage: (peerId: string, message: unknown) => void;
  /** A peer's data channel opened (a late joiner is brought up to date then). */
  onChannelOpen: (peerId: string) => void;
  signal: (input: SignalInput) => Promise<unknown>;
}

/** How long a connection may stay connecting (or disconnected) before its ICE starts again. */
const CONNECT_PATIENCE_MS = 8_000;

interface Peer {
  pc: RTCPeerConnection;
  channel: RTCDataChannel;
  /** Perfect negotiation (W3C WebRTC §10.7): the polite side yields when both offer at once. */
  polite: boolean;
  makingOffer: boolean;
  ignoreOffer: boolean;
  /** Candidates that came before the remote description. */
  pending: RTCIceCandidateInit[];
}

/**
 * The browser-to-browser media of a meeting: one RTCPeerConnection per other participant (a
 * consultation has two or three people, so a mesh costs little and needs no media server), each
 * carrying the local camera and microphone both ways and one data channel (negotiated, id 0, so both
 * sides open it without an extra round) for the shared key image.
 */
export class PeerMesh {
  private readonly peers = new Map<string, Peer>();
  /** The signals received so far, applied one after another (see receive). */
  private inbox: Promise<void> = Promise.resolve();

  constructor(
    private readonly self: string,
    private readonly local: MediaStream | null,
    private readonly iceServers: RTCIceServer[],
    private readonly handlers: MeshHandlers,
  ) {}

  /** Brings the mesh in line with who is in the call: a connection to each, none to anyone gone. */
  sync(inCall: string[]): void {
    for (const id of inCall) if (id !== this.self && !this.peers.has(id)) this.connect(id);
    for (const id of [...this.peers.keys()]) if (!inCall.includes(id)) this.drop(id);
  }

  private connect(id: string): Peer {
    const pc = new RTCPeerConnection({ iceServers: this.iceServers });
    const channel = pc.createDataChannel('meeting', { negotiated: true, id: 0 });
    const peer: Peer = {
      pc,
      channel,
      polite: this.self > id,
      makingOffer: false,
      ignoreOffer: false,
      pending: [],
    };
    this.peers.set(id, peer);
    const send = (kind: SignalKind, payload: unknown) =>
      this.handlers.signal({ to: id, kind, payload }).catch(() => undefined);
    pc.onicecandidate = ({ candidate }) => {
      if (candidate) void send('candidate', candidate.toJSON());
    };
    pc.onnegotiationneeded = async () => {
      try {
        peer.makingOffer = true;
        await pc.setLocalDescription();
        await send(pc.localDescription!.type as SignalKind, pc.localDescription!.toJSON());
      } finally {
        peer.makingOffer = false;
      }
    };
    pc.ontrack = ({ streams }) => this.handlers.onStream(id, streams[0] ?? null);
    // ICE starts again on failure, and also when a connection stays connecting (or disconnected) for
    // CONNECT_PATIENCE_MS: the browser itself calls such a connection 'failed' only after some 30 s.
    let stuck: ReturnType<typeof setTimeout> | undefined;
    pc.onconnectionstatechange = () => {
      clearTimeout(stuck);
      const state = pc.connectionState;
      if (state === 'failed') pc.restartIce();
      else if (state === 'connecting' || state === 'disconnected')
        stuck = setTimeout(() => {
          if (pc.connectionState === state) pc.restartIce();
        }, CONNECT_PATIENCE_MS);
    };
    channel.onopen = () => this.handlers.onChannelOpen(id);
    channel.onmessage = ({ data }) => {
      try {
        this.handlers.onMessage(id, JSON.parse(String(data)));
      } catch {
        // Not ours: a peer sends JSON only.
      }
    };
    // Without a camera, still ask to receive the others' media.
    if (this.local) for (const track of this.local.getTracks()) pc.addTrack(track, this.local);
    else {
      pc.addTransceiver('audio', { direction: 'recvonly' });
      pc.addTransceiver('video', { direction: 'recvonly' });
    }
    return peer;
  }

  /**
   * An offer, answer or candidate from a peer, applied after every signal that came before it: perfect
   * negotiation decides on the state the previous signal left (a second offer, or a candidate, handled
   * while an offer is still being set could be ignored or added to the wrong description).
   */
  receive(from: string, kind: SignalKind, payload: unknown): Promise<void> {
    const applied = this.inbox.then(() => this.apply(from, kind, payload));
    this.inbox = applied.catch(() => undefined);
    return applied;
  }

  private async apply(from: string, kind: SignalKind, payload: unknown): Promise<void> {
    const peer = this.peers.get(from) ?? this.connect(from);
    const { pc } = peer;
    if (kind === 'candidate') {
      if (!pc.remoteDescription) peer.pending.push(payload as RTCIceCandidateInit);
      else await pc.addIceCandidate(payload as RTCIceCandidateInit).catch(() => undefined);
      return;
    }
    const description = payload as RTCSessionDescriptionInit;
    const collision = kind === 'offer' && (peer.makingOffer || pc.signalingState !== 'stable');
    peer.ignoreOffer = !peer.polite && collision;
    if (peer.ignoreOffer) return;
    await pc.setRemoteDescription(description);
    for (const c of peer.pending.splice(0)) await pc.addIceCandidate(c).catch(() => undefined);
    if (kind === 'offer') {
      await pc.setLocalDescription();
      await this.handlers.signal({ to: from, kind: 'answer', payload: pc.localDescription!.toJSON() });
    }
  }

  /** To every peer whose channel is open (the key image's index and zoom). */
  broadcast(message: unknown): void {
    const text = JSON.stringify(message);
    for (const { channel } of this.peers.values()) if (channel.readyState === 'open') channel.send(text);
  }

  sendTo(peerId: string, message: unknown): void {
    const channel = this.peers.get(peerId)?.channel;
    if (channel?.readyState === 'open') channel.send(JSON.stringify(message));
  }

  private drop(id: string): void {
    this.peers.get(id)?.pc.close();
    this.peers.delete(id);
    this.handlers.onStream(id, null);
  }

  close(): void {
    for (const id of [...this.peers.keys()]) this.drop(id);
  }
}
