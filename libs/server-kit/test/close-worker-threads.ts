import { closeWorkerThreads } from '../src/workers/worker-thread';

// Worker threads (DICOM reading, thumbnails) are unref'd for a service, but Jest waits for them: each
// test file stops the ones it started.
afterAll(() => closeWorkerThreads());
