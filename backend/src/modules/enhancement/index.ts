/**
 * The enhancement module renders, behind its EnhancementModel port: a photo enhanced, adjusted again, or moved to its
 * order's look. The photos module runs the jobs around it and reports each photo to orders once.
 */
export { EnhancementModule } from './enhancement.module';
export { EnhancementModel, type HarmonisationRequest } from './ports/enhancement-model';
