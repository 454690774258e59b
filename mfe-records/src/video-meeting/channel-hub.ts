/** Between the mesh's data channels and whoever uses them (the shared key image): who listens, and how to send. */
export class ChannelHub {
  private readonly messageListeners = new Set<(peerId: string, message: unknown) => void>();
  private readonly openListeners = new Set<(peerId: string) => void>();
  sendAll: (message: unknown) => void = () => undefined;
  sendTo: (peerId: string, message: unknown) => void = () => undefined;

  onMessage(listener: (peerId: string, message: unknown) => void): () => void {
    this.messageListeners.add(listener);
    return () => this.messageListeners.delete(listener);
  }

  onOpen(listener: (peerId: string) => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  message(peerId: string, message: unknown): void {
    for (const l of this.messageListeners) l(peerId, message);
  }

  open(peerId: string): void {
    for (const l of this.openListeners) l(peerId);
  }
}
