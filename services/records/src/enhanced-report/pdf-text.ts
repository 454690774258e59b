import { Worker } from 'node:worker_threads';

/**
 * The worker's code: unpdf (PDF.js) reads the text of every page. It runs in a worker thread so a long
 * report never blocks the context's event loop, and so PDF.js's own dynamic import happens in a plain
 * Node isolate (it cannot inside a test runner's sandbox).
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { extractText, getDocumentProxy } = require(workerData.unpdf);
(async () => {
  const pdf = await getDocumentProxy(new Uint8Array(workerData.bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  parentPort.postMessage({ text });
})().catch((e) => parentPort.postMessage({ error: String((e && e.message) || e) }));
`;

const TIMEOUT_MS = 60_000;

/** The text of a PDF, pages joined; rejects for bytes that are no readable PDF. */
export const extractPdfText = (bytes: Buffer): Promise<string> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(WORKER, {
      eval: true,
      workerData: { bytes, unpdf: require.resolve('unpdf') },
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error('The report took too long to read'));
    }, TIMEOUT_MS);
    const done = () => clearTimeout(timer);
    worker.once('message', (m: { text?: string; error?: string }) => {
      done();
      void worker.terminate();
      if (m.error !== undefined) reject(new Error(`The report could not be read: ${m.error}`));
      else resolve(m.text ?? '');
    });
    worker.once('error', (e) => {
      done();
      reject(e);
    });
    worker.once('exit', (code) => {
      done();
      if (code !== 0) reject(new Error(`The report reader stopped (${code})`));
    });
  });
