/**
 * The engines ENHANCER_ENGINE may name: the configuration's vocabulary, below the modules (config imports no
 * module). The engine keeps the same list as its own; `enhancement/engine-choices.spec.ts` holds the two equal.
 */
export const ENGINE_CHOICES = ['classic', 'learned', 'auto'] as const;
export type EngineChoice = (typeof ENGINE_CHOICES)[number];
