import { BENEFITS, HOW_IT_WORKS_STEPS } from '../content';
import { SECTION_IDS } from '../scroll';

const STEP_ICONS = [
  // phone
  <path key="p" d="M8 3h8a1 1 0 011 1v16a1 1 0 01-1 1H8a1 1 0 01-1-1V4a1 1 0 011-1zm3 15h2" strokeLinecap="round" />,
  // sparkles
  <path
    key="s"
    d="M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8L12 3zM18 15l.9 2.1L21 18l-2.1.9L18 21l-.9-2.1L15 18l2.1-.9L18 15z"
    strokeLinejoin="round"
  />,
  // download
  <path key="d" d="M12 4v11m0 0l-4-4m4 4l4-4M5 20h14" strokeLinecap="round" strokeLinejoin="round" />,
];

export function HowItWorks() {
  return (
    <section
      id={SECTION_IDS.howItWorks}
      aria-labelledby="how-heading"
      className="scroll-mt-20 bg-white px-4 py-20 sm:px-6 lg:py-28"
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-teal-700 uppercase">How it works</p>
          <h2 id="how-heading" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Professional photos in three simple steps
          </h2>
        </div>
        <ol className="mt-14 grid gap-6 md:grid-cols-3">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-slate-200 bg-white p-7 shadow-sm">
              <div className="flex items-center gap-4">
                <span className="flex size-12 items-center justify-center rounded-xl bg-teal-50 text-teal-700 ring-1 ring-teal-100">
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-6"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                  >
                    {STEP_ICONS[index]}
                  </svg>
                </span>
                <span className="text-sm font-semibold text-slate-500">Step {index + 1}</span>
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{step.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{step.text}</p>
            </li>
          ))}
        </ol>
        <dl className="mt-14 grid grid-cols-2 gap-px overflow-hidden rounded-2xl bg-slate-200 ring-1 ring-slate-200 lg:grid-cols-4">
          {BENEFITS.map((benefit) => (
            <div key={benefit.label} className="flex flex-col-reverse bg-slate-900 px-6 py-7 text-center">
              <dt className="mt-1 text-sm text-slate-300">{benefit.label}</dt>
              <dd className="text-3xl font-bold tracking-tight text-white">{benefit.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
