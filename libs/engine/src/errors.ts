export type EnhancementErrorCode =
  | 'IMAGE_EMPTY'
  | 'IMAGE_UNREADABLE'
  | 'IMAGE_TRUNCATED'
  | 'IMAGE_TOO_LARGE'
  | 'IMAGE_UNSUPPORTED'
  | 'MODEL_FAILED'
  /** Frames given as a bracket that do not make one (brackets/merge.ts, BracketError, says which problem). */
  | 'BRACKET_REFUSED';

/** A photo the engine refuses or cannot process; `code` is stable, `message` is for people. */
export class EnhancementError extends Error {
  constructor(
    readonly code: EnhancementErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'EnhancementError';
  }
}

export const isEnhancementError = (error: unknown): error is EnhancementError => error instanceof EnhancementError;
