import { Button } from '../../../components/ui/button';
import { SECTION_IDS, scrollToSection } from '../scroll';
import { CheckIcon } from './icons';

const POINTS = [
  'Bright, true-to-life photos stand out in search results',
  'Guests trust listings whose photos match the real place',
  'More clicks on your listing means more bookings',
];

/** Section 5: why better photos pay for themselves. */
export function BookingBoost() {
  return (
    <section
      aria-labelledby="boost-heading"
      className="bg-gradient-to-br from-slate-900 via-slate-900 to-teal-900 px-4 py-20 text-white sm:px-6 lg:py-28"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-12 lg:grid-cols-2">
        <div>
          <p className="text-sm font-semibold tracking-wide text-teal-300 uppercase">Booking boost</p>
          <h2 id="boost-heading" className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
            Increase your booking rate by up to 40%
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-300">
            Listing photos are the first thing guests judge. Professional-looking photos earn more clicks, more
            wishlists and more bookings, at a fraction of what a photo shoot costs.
          </p>
          <ul className="mt-8 space-y-4">
            {POINTS.map((point) => (
              <li key={point} className="flex gap-3 text-slate-200">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-teal-300" />
                {point}
              </li>
            ))}
          </ul>
          <Button size="lg" className="mt-10" onClick={() => scrollToSection(SECTION_IDS.pricing)}>
            Get started today
          </Button>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {[
            { value: 'Up to 40%', label: 'higher booking rate' },
            { value: '3 hours', label: 'delivery' },
            { value: '15x', label: 'cheaper than a photographer' },
            { value: '90 days', label: 'to download your results' },
          ].map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse rounded-2xl bg-white/5 p-6 ring-1 ring-white/10">
              <dt className="mt-2 text-sm text-slate-300">{stat.label}</dt>
              <dd className="text-3xl font-bold text-white">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
