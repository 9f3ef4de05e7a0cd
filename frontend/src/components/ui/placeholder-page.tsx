import { PRODUCT_NAME } from '../../lib/site';

/** Stand-in for a screen another issue builds, so every route of the spec resolves from day one. */
export function PlaceholderPage({ title, description }: { title: string; description: string }) {
  return (
    <section className="mx-auto max-w-3xl px-6 py-24 text-center">
      <title>{`${title} | ${PRODUCT_NAME}`}</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">{description}</p>
    </section>
  );
}
