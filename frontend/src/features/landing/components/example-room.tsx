import { BeforeAfterSlider } from '../../../components/before-after-slider';
import { EXAMPLE_ROOM, PLACEHOLDER_IMAGE } from '../content';

/**
 * The bottom of the hero: one real bedroom as photographed and as our engine returned it, untouched, with the
 * photographer's credit beside it (CC BY 4.0). An example room, never presented as a customer's listing.
 */
export function ExampleRoom() {
  return (
    // Part of the hero (not a section of its own), so the landing keeps the spec's sections in their order.
    <div className="relative mx-auto mt-16 max-w-4xl">
      <p className="text-center text-2xl font-bold tracking-tight text-slate-900">
        A real room, straight from our engine
      </p>
      <p className="mx-auto mt-2 max-w-2xl text-center text-slate-600">
        An example bedroom, photographed as it was and enhanced automatically, with no retouching by hand. Drag the
        handle to compare.
      </p>
      <div className="mt-8">
        <BeforeAfterSlider
          beforeSrc={EXAMPLE_ROOM.beforeImage}
          afterSrc={EXAMPLE_ROOM.afterImage}
          label="Example bedroom"
          aspectRatio={EXAMPLE_ROOM.width / EXAMPLE_ROOM.height}
          fallbackSrc={PLACEHOLDER_IMAGE}
          loading="eager"
        >
          <p className="text-sm text-slate-600">{EXAMPLE_ROOM.credit}</p>
        </BeforeAfterSlider>
      </div>
    </div>
  );
}
