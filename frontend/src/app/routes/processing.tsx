import { ProcessingProgress } from '../../features/photos';
import { PRODUCT_NAME } from '../../lib/site';

/** /processing (spec section 2). */
export function ProcessingRoute() {
  return (
    <section className="px-4 py-12 sm:px-6 lg:py-16">
      <title>{`Processing | ${PRODUCT_NAME}`}</title>
      <ProcessingProgress />
    </section>
  );
}
