// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs at import time. Import first in specs.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });
