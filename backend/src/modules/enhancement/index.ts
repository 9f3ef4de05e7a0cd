/**
 * The enhancement module: it renders (the photos.enhance and photos.adjust jobs, an order's look for orders'
 * OrderLook port, which it provides) and re-queues what is left to render; the EnhancementModel port.
 */
export { EnhancementModule } from './enhancement.module';
export { EnhancementModel } from './ports/enhancement-model';
