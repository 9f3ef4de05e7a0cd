import { Link, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { PhotoGallery } from '../../features/gallery';
import { PRODUCT_NAME } from '../../lib/site';

/** /gallery (spec section 2). */
export function GalleryRoute() {
  const [params] = useSearchParams();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <title>{`Gallery | ${PRODUCT_NAME}`}</title>
      <Link to="/dashboard" className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3 mb-6' })}>
        <span aria-hidden="true">←</span>
        Back to Dashboard
      </Link>
      <div className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Gallery</h1>
        <p className="mt-2 text-slate-600">Your enhanced photos, ready to view and download.</p>
      </div>
      <PhotoGallery orderId={params.get('order') || undefined} />
    </section>
  );
}
