import { reportNumber, reportObject } from './report-fields';

/**
 * "What we changed", in a host's words, from the engine's report as stored with the photo. The report is read
 * defensively: it is JSON written by whichever engine version enhanced the photo, and a field an older version did
 * not write simply says nothing. Only changes a host could see are named; a photo that needed nothing gets [].
 */

/** Smallest exposure change worth naming, in stops: below it the difference is hard to see side by side. */
const MIN_EV = 0.3;
/** A cast is named when near-neutral surfaces were at least this far from grey (Lab chroma) and lost 2 units. */
const MIN_CAST = 4;
const MIN_CAST_DROP = 2;
/** Below this chroma a grey reads as neutral, so the cast is "removed" rather than "reduced". */
const NEUTRAL_CAST = 3;
/** Share of blown pixels (0..1) that must come back before highlights are named. */
const MIN_HIGHLIGHT_GAIN = 0.01;
/** Share (%) of the reference frame's blown window that a bracket's darker frames must bring back to name it. */
const MIN_WINDOW_RECOVERED_PCT = 25;

/** The listing look is the delivered one, so asking for it names nothing. */
const REQUESTED_STYLES: Record<string, string> = {
  natural: 'Natural look from our retouching model, as you asked',
  'bright-airy': 'Bright & airy look, as you asked',
  warm: 'Warm look, as you asked',
};

/** The look chosen for the whole order at purchase; the default listing look names nothing, as above. */
const ORDER_LOOKS: Record<string, string> = {
  natural: 'Natural look from our retouching model, chosen for this order',
  'bright-airy': 'Bright & airy look, chosen for this order',
  warm: 'Warm look, chosen for this order',
};

/** "2 faces", "1 licence plate"; empty for none. */
const counted = (n: number, one: string, many: string): string => (n > 0 ? `${n} ${n === 1 ? one : many}` : '');

const stops = (ev: number): string => {
  const rounded = Math.round(Math.abs(ev) * 10) / 10;
  return `${rounded} ${rounded === 1 ? 'stop' : 'stops'}`;
};

/** Which way greys leaned, from their mean Lab a* (green−/magenta+) and b* (blue−/yellow+). */
const castName = (a: number, b: number): string => {
  if (Math.abs(b) >= Math.abs(a)) return b > 0 ? 'Warm' : 'Cool';
  return a < 0 ? 'Green' : 'Magenta';
};

export function describeChanges(report: unknown): string[] {
  const r = reportObject(report);
  const before = reportObject(r?.before);
  const after = reportObject(r?.after);
  const corrections = reportObject(r?.corrections);
  if (!before || !after) return [];
  const changes: string[] = [];

  // A bracket merged into the photo comes first: it is what the host did differently.
  const merge = reportObject(r?.merge);
  const frames = reportNumber(merge?.frames);
  const windowRecovered = (reportNumber(merge?.windowRecoveredPct) ?? 0) >= MIN_WINDOW_RECOVERED_PCT;
  if (frames !== undefined && frames >= 2) {
    changes.push(`Merged ${frames} exposures${windowRecovered ? ': window view recovered' : ''}`);
  }

  const evBefore = reportNumber(before.exposureEv);
  const evAfter = reportNumber(after.exposureEv);
  if (evBefore !== undefined && evAfter !== undefined && Math.abs(evAfter - evBefore) >= MIN_EV) {
    changes.push(`${evAfter > evBefore ? 'Brightened' : 'Darkened'} by ${stops(evAfter - evBefore)}`);
  }

  const clippedBefore = reportNumber(before.clippedHighlights);
  const clippedAfter = reportNumber(after.clippedHighlights);
  if (
    !windowRecovered &&
    clippedBefore !== undefined &&
    clippedAfter !== undefined &&
    clippedBefore - clippedAfter >= MIN_HIGHLIGHT_GAIN
  ) {
    changes.push('Bright windows and highlights recovered');
  }

  const castBefore = reportNumber(before.cast);
  const castAfter = reportNumber(after.cast);
  const a = reportNumber(before.castA);
  const b = reportNumber(before.castB);
  // The style the photo was made in: a host's adjustment, else the order's look. In a warm one, "Warm cast removed"
  // beside "Warm look" reads as a contradiction: the light's cast was taken off and the look's warmth put on.
  const chosenStyle =
    reportObject(corrections?.adjustments)?.style ?? reportObject(corrections?.orderLook)?.style ?? 'listing';
  if (
    !(chosenStyle === 'warm' && a !== undefined && b !== undefined && castName(a, b) === 'Warm') &&
    castBefore !== undefined &&
    castAfter !== undefined &&
    a !== undefined &&
    b !== undefined &&
    castBefore >= MIN_CAST &&
    castBefore - castAfter >= MIN_CAST_DROP
  ) {
    changes.push(`${castName(a, b)} cast ${castAfter < NEUTRAL_CAST ? 'removed' : 'reduced'}`);
  }

  const verticals = reportObject(corrections?.verticals);
  // What was undone, not what was measured: a 23° pitch is undone by 20° at most. Reports before 2.2.0 only have the
  // measured pitch, which they undid in full.
  const pitch = reportNumber(verticals?.correctedPitchDeg) ?? reportNumber(verticals?.pitchDeg);
  if (verticals?.applied === true && pitch !== undefined) {
    const degrees = Math.max(1, Math.round(Math.abs(pitch)));
    changes.push(`Verticals straightened by ${degrees}°`);
  }

  // The blocks of a very dark JPEG, smoothed before its lift (engine 2.3.0 on), are noise to the host too.
  if (
    reportObject(corrections?.denoise)?.applied === true ||
    reportObject(corrections?.learned)?.smoothedBeforeLift === true
  )
    changes.push('Noise reduced');

  // The order's harmonisation moved this photo towards the others (its lines above already include the move).
  if (reportObject(r?.harmonisation)) changes.push('Matched to the colour and brightness of your other photos');

  // A host's adjustment: the look they asked for is named; its brightness and warmth show in the lines above.
  const style = reportObject(corrections?.adjustments)?.style;
  if (typeof style === 'string' && style in REQUESTED_STYLES) changes.push(REQUESTED_STYLES[style]);
  // The order's look, when no adjustment replaced it (the engine reports it only then).
  const look = reportObject(corrections?.orderLook)?.style;
  if (typeof look === 'string' && look in ORDER_LOOKS) changes.push(ORDER_LOOKS[look]);

  // The privacy blur, when it was asked for: what it blurred, or that it found nothing to blur.
  const privacy = reportObject(corrections?.privacy);
  if (privacy) {
    const blurred = [
      counted(reportNumber(privacy.faces) ?? 0, 'face', 'faces'),
      counted(reportNumber(privacy.plates) ?? 0, 'licence plate', 'licence plates'),
    ].filter(Boolean);
    changes.push(
      blurred.length
        ? `Blurred ${blurred.join(' and ')} for privacy`
        : 'Privacy blur: no faces or licence plates found',
    );
  }
  return changes;
}
