/** Bumped whenever a change alters output pixels, so reports and stored results can be traced to the engine. */
export const ENGINE_VERSION = '3.1.1';
