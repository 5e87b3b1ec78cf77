import { TextDecoder, TextEncoder } from 'node:util';

/*
 * Browser globals that jsdom lacks and the SPA's libraries read when they load (react-router's
 * TextEncoder), taken from Node. A Jest setup file of the unit project: in a test that runs in
 * Node rather than jsdom, Node has them already and nothing changes.
 */
globalThis.TextEncoder ??= TextEncoder as typeof globalThis.TextEncoder;
globalThis.TextDecoder ??= TextDecoder as typeof globalThis.TextDecoder;
