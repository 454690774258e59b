import type { IncomingMessage } from 'node:http';
import { logger } from '../logger';
import { hasBody } from './body-rules';

/**
 * How fast a body must come: at least `minBytes` in every window of `windowMs` (by default 10 KB per
 * 10 s: a phone on a bad line uploads faster; one byte every 5 s does not).
 */
export interface BodyPace {
  windowMs: number;
  minBytes: number;
}

/**
 * Closes the connection of a request whose body trickles in slower than `pace` (a slow-body attack
 * holds a connection, and a parser's buffer, for as long as the client likes). It reads the socket's
 * byte count, never the body itself, so the stream stays the parser's. Stops when the body is in or
 * the socket is gone.
 */
export const watchBodyPace = (req: IncomingMessage, pace: BodyPace): void => {
  if (!hasBody(req.headers)) return;
  const socket = req.socket;
  let seen = socket.bytesRead;
  const timer = setInterval(() => {
    if (req.complete || socket.destroyed) return stop();
    const now = socket.bytesRead;
    if (now - seen < pace.minBytes) {
      logger.warn(
        { method: req.method, path: req.url?.split('?')[0], bytes: now - seen, windowMs: pace.windowMs },
        'request body too slow: connection closed',
      );
      socket.destroy();
      return stop();
    }
    seen = now;
  }, pace.windowMs);
  timer.unref();
  const stop = () => clearInterval(timer);
  req.once('end', stop);
  socket.once('close', stop);
};
