import { useId, useState } from 'react';
import { FAQ_ITEMS } from '../content';
import { SECTION_IDS } from '../scroll';

/** Every item opens and closes on its own, so several answers can be open at once (spec section 2). */
export function Faq() {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const baseId = useId();
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });

  return (
    <section
      id={SECTION_IDS.faq}
      aria-labelledby={`${baseId}-heading`}
      className="scroll-mt-20 bg-white px-4 py-20 sm:px-6 lg:py-28"
    >
      <div className="mx-auto max-w-3xl">
        <p className="text-center text-sm font-semibold tracking-wide text-teal-700 uppercase">FAQ</p>
        <h2
          id={`${baseId}-heading`}
          className="mt-2 text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl"
        >
          Frequently asked questions
        </h2>
        <ul className="mt-12 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
          {FAQ_ITEMS.map((item, index) => {
            const isOpen = open.has(index);
            const answerId = `${baseId}-answer-${index}`;
            return (
              <li key={item.question}>
                <h3>
                  <button
                    type="button"
                    aria-expanded={isOpen}
                    aria-controls={answerId}
                    onClick={() => toggle(index)}
                    className="flex w-full items-center justify-between gap-4 rounded-2xl px-5 py-5 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-teal-500 sm:px-6"
                  >
                    {item.question}
                    <svg
                      aria-hidden="true"
                      viewBox="0 0 20 20"
                      className={`size-5 shrink-0 text-teal-700 transition-transform motion-reduce:transition-none ${isOpen ? 'rotate-45' : ''}`}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                    >
                      <path d="M10 4v12M4 10h12" strokeLinecap="round" />
                    </svg>
                  </button>
                </h3>
                <div
                  id={answerId}
                  role="region"
                  aria-label={item.question}
                  hidden={!isOpen}
                  className="px-5 pb-5 text-slate-600 sm:px-6"
                >
                  <p className="leading-7">{item.answer}</p>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
