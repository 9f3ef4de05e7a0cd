import { useId } from 'react';
import type { AdjustmentStyle } from '@listinglens/contracts';
import { LOOK_EXAMPLE, LOOKS } from '../looks';

function Tag({ children }: { children: string }) {
  return (
    <span className="absolute bottom-1 left-1 rounded bg-slate-900/75 px-1.5 py-0.5 text-[11px] leading-none font-medium text-white">
      {children}
    </span>
  );
}

/**
 * The look an order's photos are made in, as a radio group (arrow keys move between looks): each look with a small
 * before/after of one example room, rendered by the engine in that look, and the photo's credit under the group.
 */
export function LookPicker({
  value,
  onChange,
  disabled = false,
  legend = 'Choose a look for your photos',
}: {
  value: AdjustmentStyle;
  onChange: (look: AdjustmentStyle) => void;
  disabled?: boolean;
  legend?: string;
}) {
  const id = useId();
  return (
    <fieldset disabled={disabled} aria-describedby={`${id}-hint`}>
      <legend className="text-lg font-semibold text-slate-900">{legend}</legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        Every photo of the order is made in this look and matched to the others. You can still adjust each photo after
        delivery.
      </p>
      {/* Columns by the room the picker has (the whole page width, or a column of the order page), not the window. */}
      <div className="@container mt-4">
        <div className="grid gap-3 @md:grid-cols-2 @4xl:grid-cols-4">
          {LOOKS.map((look) => (
            <label
              key={look.value}
              data-testid={`look-${look.value}`}
              className="flex cursor-pointer flex-col gap-3 rounded-xl border border-slate-300 bg-white p-3 has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50 has-[:checked]:ring-1 has-[:checked]:ring-teal-700 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-600"
            >
              <span aria-hidden="true" className="grid grid-cols-2 gap-1 overflow-hidden rounded-lg">
                {[
                  { src: LOOK_EXAMPLE.before, tag: 'Before' },
                  { src: look.example, tag: 'After' },
                ].map((side) => (
                  <span key={side.tag} className="relative">
                    <img
                      src={side.src}
                      alt=""
                      width={LOOK_EXAMPLE.width}
                      height={LOOK_EXAMPLE.height}
                      loading="lazy"
                      className="aspect-[4/3] w-full object-cover"
                    />
                    <Tag>{side.tag}</Tag>
                  </span>
                ))}
              </span>
              <span className="flex items-start gap-2">
                <input
                  type="radio"
                  name={`${id}-look`}
                  value={look.value}
                  checked={value === look.value}
                  onChange={() => onChange(look.value)}
                  aria-labelledby={`${id}-${look.value}`}
                  aria-describedby={`${id}-${look.value}-text`}
                  className="mt-0.5 size-4 shrink-0 accent-teal-700"
                />
                <span>
                  <span id={`${id}-${look.value}`} className="block font-semibold text-slate-900">
                    {look.label}
                  </span>
                  <span id={`${id}-${look.value}-text`} className="block text-sm text-slate-600">
                    {look.description}
                  </span>
                </span>
              </span>
            </label>
          ))}
        </div>
      </div>
      <p className="mt-3 text-xs text-slate-500">{LOOK_EXAMPLE.credit}</p>
    </fieldset>
  );
}
