/** The enhancement module: the photos.enhance job, the reconciler and the EnhancementModel port. */
export { EnhancementModule } from './enhancement.module';
export { EnhancementModel } from './ports/enhancement-model';
