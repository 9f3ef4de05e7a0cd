import { BeforeAfterSlider } from '../../../components/before-after-slider';
import { BEFORE_AFTER_ITEMS, PLACEHOLDER_IMAGE } from '../content';
import { SECTION_IDS } from '../scroll';

export function BeforeAfterGallery() {
  return (
    <section
      id={SECTION_IDS.beforeAfter}
      aria-labelledby="before-after-heading"
      className="scroll-mt-20 bg-slate-50 px-4 py-20 sm:px-6 lg:py-28"
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-teal-700 uppercase">Before &amp; after</p>
          <h2 id="before-after-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            See the difference in every room
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            Drag the handle, or focus it and use the arrow keys, to compare.
          </p>
        </div>
        <ul className="mt-14 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {BEFORE_AFTER_ITEMS.map((item) => (
            <li key={item.title}>
              <BeforeAfterSlider
                beforeSrc={item.beforeImage}
                afterSrc={item.afterImage}
                label={item.title}
                fallbackSrc={PLACEHOLDER_IMAGE}
              >
                <h3 className="font-semibold text-slate-900">{item.title}</h3>
                <p className="mt-1 text-sm text-slate-600">{item.subtitle}</p>
                {item.credit && <p className="mt-2 text-xs text-slate-500">{item.credit}</p>}
              </BeforeAfterSlider>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
