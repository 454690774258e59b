// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs at import time. Loaded by Jest's setupFiles (unit-web).
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
