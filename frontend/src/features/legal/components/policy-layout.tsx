import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../../lib/site';

export const POLICY_LAST_UPDATED = 'March 30, 2025';

export function PolicyLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <title>{`${title} | ${PRODUCT_NAME}`}</title>
      <div className="border-b border-slate-200 pb-8">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
        <p className="mt-3 text-sm text-slate-500">Last Updated: {POLICY_LAST_UPDATED}</p>
      </div>
      <div className="text-base leading-7 text-slate-700 [&_a]:font-medium [&_a]:text-teal-700 [&_a]:underline [&_li]:mt-2 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </article>
  );
}

export function PolicySection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="text-xl font-semibold text-slate-900">{heading}</h2>
      {children}
    </section>
  );
}
