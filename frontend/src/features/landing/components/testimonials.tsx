import { TESTIMONIALS } from '../content';
import { SECTION_IDS } from '../scroll';
import { StarIcon } from './icons';

export function Testimonials() {
  return (
    <section
      id={SECTION_IDS.testimonials}
      aria-labelledby="testimonials-heading"
      className="scroll-mt-20 bg-white px-4 py-20 sm:px-6 lg:py-28"
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-teal-700 uppercase">Testimonials</p>
          <h2 id="testimonials-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Hosts love their new listing photos
          </h2>
        </div>
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {TESTIMONIALS.map((t) => (
            <li key={t.name} data-testid="testimonial">
              <figure className="flex h-full flex-col rounded-2xl border border-slate-200 bg-slate-50/60 p-6">
                <div className="flex items-center justify-between gap-3">
                  <p className="flex" role="img" aria-label={`${t.stars} out of 5 stars`}>
                    {[1, 2, 3, 4, 5].map((n) => (
                      <StarIcon key={n} filled={n <= t.stars} />
                    ))}
                  </p>
                  <span className="rounded-full bg-teal-50 px-2.5 py-1 text-xs font-semibold text-teal-800 ring-1 ring-teal-200">
                    {t.badge}
                  </span>
                </div>
                <blockquote className="mt-4 flex-1 leading-7 text-slate-700">
                  <p>&ldquo;{t.text}&rdquo;</p>
                </blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="flex size-10 items-center justify-center rounded-full bg-slate-900 text-sm font-semibold text-white"
                  >
                    {t.name.charAt(0)}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-600">{t.location}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
