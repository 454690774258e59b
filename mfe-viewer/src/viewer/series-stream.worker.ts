// The series' stream read off the page's thread (series-stream.ts): one ask per worker at a time.
import type { FramePreparation } from './native-pixels';
import { answerStreamAsk, type StreamOrder, WORKER_STARTED } from './series-parts';

const preparations = new Map<string, FramePreparation>();

self.onmessage = ({ data }: MessageEvent<StreamOrder>) => {
  if ('preparations' in data) {
    for (const [sop, preparation] of Object.entries(data.preparations)) preparations.set(sop, preparation);
    return;
  }
  preparations.clear();
  void answerStreamAsk(data.ask, preparations, (news, transfer = []) => self.postMessage(news, { transfer }));
};

// Only a started worker is handed a stream (stream-worker.ts).
self.postMessage(WORKER_STARTED);
