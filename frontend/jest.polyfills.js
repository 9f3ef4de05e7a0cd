// jsdom lacks TextEncoder/TextDecoder, which react-router uses when it is imported.
const { TextDecoder, TextEncoder } = require('node:util');

Object.assign(globalThis, { TextEncoder, TextDecoder });
