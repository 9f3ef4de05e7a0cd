/** The enhancement module: the photos.enhance job, the reconciler and the EnhancementModel port. */
export { EnhancementModule } from './enhancement.module';
export { EnhancementModel } from './ports/enhancement-model';
/**
 * The engine as a plain library (no Nest): the enhance CLI runs it on files, and photos decodes HEIC uploads with it.
 */
export { decodePhoto, ENGINE_CHOICES, type EngineChoice, enhance, isEnhancementError, MaximPool } from './engine';
