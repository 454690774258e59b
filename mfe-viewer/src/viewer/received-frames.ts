import type { PreparedFrame } from './native-pixels';

export interface FrameBytes {
  pixelData: Uint8Array;
  transferSyntaxUid: string;
  /** The frame rescaled and its range found by the stream's worker; its samples then lie in pixelData's buffer. */
  prepared?: PreparedFrame;
}

/**
 * Frames a series' stream brought and the viewer has not drawn yet, by their wadors image id: the
 * Cornerstone side (cornerstone/frame-loader.ts) draws from here instead of asking the server again.
 */
export const receivedFrames = new Map<string, FrameBytes>();
