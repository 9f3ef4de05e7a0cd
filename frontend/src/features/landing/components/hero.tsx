import { Button } from '../../../components/ui/button';
import { SECTION_IDS, scrollToSection } from '../scroll';
import { ExampleRoom } from './example-room';
import { CheckIcon } from './icons';
import { SignInCard } from '../../auth';

const HIGHLIGHTS = ['Delivered within 3 hours', '15x cheaper than a photographer', 'Satisfaction guaranteed'];

export function Hero({ signedIn }: { signedIn: boolean }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-teal-50 via-white to-white px-4 pt-28 pb-20 sm:px-6 lg:pt-36 lg:pb-28">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-40 right-[-10rem] size-[36rem] rounded-full bg-teal-200/40 blur-3xl"
      />
      <div
        className={`relative mx-auto grid max-w-6xl items-center gap-12 ${signedIn ? '' : 'lg:grid-cols-[1.15fr_1fr]'}`}
      >
        <div className={signedIn ? 'mx-auto max-w-3xl text-center' : ''}>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-teal-800 shadow-sm ring-1 ring-teal-100">
            AI photo enhancement for vacation rentals
          </p>
          <h1 className="mt-6 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            Professional listing photos, straight from your phone
          </h1>
          <p className="mt-6 text-lg leading-8 text-slate-600">
            Upload ordinary phone photos of your rental and get bright, magazine-ready listing photos back within 3
            hours. Packages start at $29, 15x cheaper than hiring a photographer.
          </p>
          <ul
            className={`mt-6 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-x-6 ${signedIn ? 'sm:justify-center' : ''}`}
          >
            {HIGHLIGHTS.map((item) => (
              <li key={item} className="flex items-center gap-2 text-sm font-medium text-slate-700">
                <CheckIcon className="size-5 shrink-0 text-teal-600" />
                {item}
              </li>
            ))}
          </ul>
          <div className={`mt-10 flex flex-wrap gap-3 ${signedIn ? 'justify-center' : ''}`}>
            <Button size="lg" onClick={() => scrollToSection(SECTION_IDS.pricing)}>
              Transform my photos now
            </Button>
          </div>
        </div>
        {!signedIn && <SignInCard id={SECTION_IDS.signup} />}
      </div>
      <ExampleRoom />
    </section>
  );
}
