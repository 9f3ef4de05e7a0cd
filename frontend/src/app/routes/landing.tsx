import { PRODUCT_NAME } from '../../lib/site';

export function LandingRoute() {
  return (
    <section className="bg-gradient-to-b from-teal-50 via-white to-white px-4 pt-40 pb-24 text-center sm:px-6">
      <title>{`${PRODUCT_NAME} | Professional listing photos for vacation rentals`}</title>
      <meta
        name="description"
        content="Turn phone photos of your rental into professional listing photos, enhanced by AI and delivered within hours."
      />
      <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
        Professional listing photos, straight from your phone
      </h1>
      <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">
        Upload photos of your rental, let our AI enhance them, and download bright, bookable images within hours.
      </p>
    </section>
  );
}
