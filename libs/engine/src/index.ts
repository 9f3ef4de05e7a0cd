export { enhance } from './enhance';
export { EnhancementError, isEnhancementError, type EnhancementErrorCode } from './errors';
export {
  BracketError,
  checkBracket,
  MAX_BRACKET_FRAMES,
  MAX_BRACKET_PIXELS,
  MIN_BRACKET_FRAMES,
  type BracketCheck,
  type BracketProblem,
  type MergeReport,
} from './brackets';
export { decodePhoto, MAX_INPUT_PIXELS } from './decode';
export { ENGINE_VERSION } from './version';
export type { EngineChoice, EnhanceOptions, EnhanceResult, EnhancementReport, MeasuredStats, Retoucher } from './types';
export { ENGINE_CHOICES, ENGINE_NAMES, resolveEngine } from './types';
export { ADJUSTMENT_STYLES, MAX_ADJUSTMENT_STEPS, type AdjustmentStyle, type HostAdjustments } from './stages/adjust';
export { MaximPool } from './learned/maxim-pool';
export { blurRegions, FaceDetector, findPlates, sharedFaceDetector, type PrivacyBox } from './privacy';
export { spawnWorker } from './spawn-worker';
export {
  CAST_SPREAD,
  EXPOSURE_SPREAD_EV,
  planHarmonisation,
  renderHarmonised,
  type HarmonisationPlan,
  type HarmonisedOutputs,
  type Look,
  type LookCorrection,
} from './harmonise';
