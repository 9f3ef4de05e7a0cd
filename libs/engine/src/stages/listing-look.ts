import { LUMA_B, LUMA_G, LUMA_R, SRGB_TO_LINEAR, clamp, gainsForCastShift, linearToSrgb, ramp } from '../color';
import { boxFilter } from '../box-filter';
import type { DecodedPhoto } from '../decode';
import { sceneHeadroom } from '../gain-map';
import {
  type GainField,
  type HeadroomPlane,
  KNEE,
  type LookFigures,
  type RenderPlan,
  lookFigures,
  renderListing,
  takenLogHeadroom,
} from '../listing-render';
import { type Plane, blendPyramids, reduce } from '../pyramid';
import type { RgbImage } from '../rgb-image';
import { stage } from '../stage';
import { type AdjustPlan, requestedAdjustment } from './adjust';

/** Median luma a room is brought to: finished listing photos sit at 0.6-0.7. */
const ROOM_MEDIAN = 0.65;
/** A photo brighter than this is brought down to it. */
const MAX_ROOM_MEDIAN = 0.72;
/** Most a photo is brightened overall, and least (a photo far too bright comes down by at most this). */
const MAX_LIFT_EV = 3;
const MAX_DARKEN_EV = -1;
/**
 * Virtual exposures fused, in EV relative to the photo as shot: one stop apart, from the photo's own exposure (or two
 * stops under the chosen one, whichever is darker: where the highlights are) to one stop over the chosen one (where
 * the shadows open).
 */
const exposuresFor = (ev: number): number[] => {
  const frames: number[] = [];
  for (let e = Math.min(0, ev - 2); e <= ev + 1 + 1e-6; e += 1) frames.push(e);
  return frames;
};
/** Well-exposedness: the level each virtual exposure is best at, and how quickly its weight falls away from it. */
const WELL_EXPOSED = 0.64;
const WELL_EXPOSED_SIGMA = 0.22;
/** Linear luminance over which a pixel counts as blown (none at the first, code 247; fully at the second, 253). */
const BLOWN: [number, number] = [0.93, 0.98];
/** Linear level a blown pixel is rendered at: past white at any knee the plan uses. */
const BLOWN_TARGET = 1;
/** Gain-field fit: window (share of the working copy's long side) and edge threshold in log2 units squared. */
const FIELD_RADIUS_SHARE = 0.02;
const FIELD_EPS = 0.04;
/** Colourfulness the look never goes past, and the most it raises a photo's own (finished photos: about 37). */
const MAX_COLOURFULNESS = 38;
const MAX_COLOURFULNESS_RATIO = 1.2;
/** Share of the rendering's near-neutral cast taken off per refinement, and the largest red or blue gain. */
const CAST_CORRECTION = 0.85;
const MAX_CHANNEL_GAIN = 2;
const CAST_STEP = 1.5;
/** Exposure, in stops, that stands for a full shadow lift of an adjustment (the "bright & airy" look's 0.25: 0.2 EV). */
const AIRY_LIFT_EV = 0.8;
/** How far an adjustment's stop moves the level the fusion favours and the median aimed at (luma, 0..1). */
const ADJUST_LEVEL_PER_EV = 0.12;
/** Clipping the look may add to a photo's own (share of pixels), and the lowest highlight knee it goes to for that. */
const CLIPPED_ALLOWANCE = 0.002;
const MIN_KNEE = 0.35;
/**
 * Headroom, in stops, over which a pixel counts as a highlight the phone's gain map recorded (none at the first,
 * fully at the second): it is fused from its HDR luminance at full strength, and the frames under the photo's own
 * exposures see it.
 */
const RECORDED_HIGHLIGHT_STOPS: [number, number] = [0, 1];

export interface ListingLookPlan extends RenderPlan {
  /** EV of the global exposure, and whether the photo was read as a night or dusk scene kept dark. */
  ev: number;
  mood: boolean;
  /** Strength of the local fusion (0 = global exposure only), from how much the photo needs it. */
  fusion: number;
  /** The largest gain on luminance the photo's gain map records (linear), when it has one and the look used it. */
  headroom?: number;
  before: LookFigures;
  after: LookFigures;
}

/**
 * What the phone's gain map says of the fusion's working copy: log2 of the headroom each pixel takes (as the renderer
 * takes it, listing-render.ts), and the largest gain the map records (linear).
 */
interface CoarseHeadroom {
  log2: Float32Array;
  peak: number;
}

const lumaPlane = (image: RgbImage, gains: [number, number, number]): Float32Array => {
  const { data } = image;
  const out = new Float32Array(data.length / 3);
  for (let p = 0, i = 0; p < out.length; p++, i += 3) {
    out[p] =
      LUMA_R * SRGB_TO_LINEAR[data[i]] * gains[0] +
      LUMA_G * SRGB_TO_LINEAR[data[i + 1]] * gains[1] +
      LUMA_B * SRGB_TO_LINEAR[data[i + 2]] * gains[2];
  }
  return out;
};

/** A half-size copy (2x2 means), for the plan's checks; an image under 400 px is used as it is. */
const halve = (image: RgbImage): RgbImage => {
  if (Math.max(image.width, image.height) < 400) return image;
  const width = image.width >> 1;
  const height = image.height >> 1;
  const { data } = image;
  const out = new Uint8Array(width * height * 3);
  const row = image.width * 3;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (2 * y * image.width + 2 * x) * 3;
      const o = (y * width + x) * 3;
      for (let c = 0; c < 3; c++)
        out[o + c] = (data[i + c] + data[i + 3 + c] + data[i + row + c] + data[i + row + 3 + c] + 2) >> 2;
    }
  return { width, height, data: out };
};

/** Quantiles of linear luminance, read from a histogram of log2 levels (1/64 stop bins over 16 stops). */
const quantiles = (values: Float32Array, shares: number[]): number[] => {
  const bins = 16 * 64;
  const histogram = new Uint32Array(bins);
  for (let p = 0; p < values.length; p++) {
    const bin = Math.floor((Math.log2(Math.max(values[p], 2 ** -16)) + 16) * 64);
    histogram[bin < 0 ? 0 : bin >= bins ? bins - 1 : bin]++;
  }
  return shares.map((share) => {
    const target = share * values.length;
    let seen = 0;
    for (let bin = 0; bin < bins; bin++) {
      seen += histogram[bin];
      if (seen >= target) return 2 ** ((bin + 0.5) / 64 - 16);
    }
    return 1;
  });
};

/** sRGB encoding of linear 0..1 at 1/4096 steps, for the virtual exposures (Math.pow per pixel per frame is slow). */
const ENCODE_STEPS = 4096;
const ENCODED: Float32Array = (() => {
  const table = new Float32Array(ENCODE_STEPS + 1);
  for (let i = 0; i <= ENCODE_STEPS; i++) table[i] = linearToSrgb(i / ENCODE_STEPS);
  return table;
})();

/**
 * The linear level of a fused (sRGB-encoded) value. The pyramid overshoots a little past black and white at strong
 * edges; those are mapped back into range.
 */
const fusedLevel = (fused: number): number => {
  const v = clamp(fused, 0.002, 1);
  return v <= 0.04045 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4);
};

/**
 * Mertens et al.'s blend of virtual exposures: `luma` at each exposure of `exposures` (EV), gamma-encoded and
 * weighted per pixel by how well exposed it is there, blended band by band. With `blownCounts` false, a frame does not
 * count where it blows the pixel (it shows nothing there). Returns the fused, encoded level.
 */
const blendExposures = (
  luma: Float32Array,
  width: number,
  height: number,
  exposures: number[],
  wellExposed: number,
  blownCounts: boolean,
): Float32Array => {
  const images: Plane[] = [];
  const weights: Plane[] = [];
  for (const ev of exposures) {
    const gain = 2 ** ev;
    const encoded = new Float32Array(luma.length);
    const weight = new Float32Array(luma.length);
    for (let p = 0; p < luma.length; p++) {
      const level = luma[p] * gain;
      const v = ENCODED[Math.round(Math.min(1, level) * ENCODE_STEPS)];
      encoded[p] = v;
      const d = v - wellExposed;
      const wellness = Math.exp(-(d * d) / (2 * WELL_EXPOSED_SIGMA * WELL_EXPOSED_SIGMA));
      weight[p] = (blownCounts ? wellness : wellness * (1 - ramp(level, BLOWN[0], BLOWN[1]))) + 1e-6;
    }
    images.push({ width, height, data: encoded });
    weights.push({ width, height, data: weight });
  }
  return blendPyramids(images, weights).data;
};

/**
 * Single-image exposure fusion (as the DUAL method does for one photo): the photo's luminance blended from virtual
 * exposures around `exposure`. Returns the fused luminance's log2 gain over the photo at `exposure`, scaled by
 * `strength`.
 */
const fusedLogGain = (
  luma: Float32Array,
  width: number,
  height: number,
  exposure: number,
  strength: number,
  wellExposed: number,
) => {
  const fused = blendExposures(luma, width, height, exposuresFor(Math.log2(exposure)), wellExposed, true);
  const logGain = new Float32Array(luma.length);
  for (let p = 0; p < luma.length; p++) {
    const base = Math.max(luma[p] * exposure, 1 / 4096);
    const fusedLog = clamp(Math.log2(fusedLevel(fused[p]) / base), -3, 2) * strength;
    // What the photo recorded as white (a blown window, a lamp) has no detail to bring back: darkened, it turns
    // grey. It is kept white, whatever the fusion's strength.
    const blown = ramp(luma[p], BLOWN[0], BLOWN[1]);
    logGain[p] = fusedLog + (Math.log2(BLOWN_TARGET / base) - fusedLog) * blown;
  }
  return logGain;
};

/**
 * The fusion of a photo with a gain map, as a log2 gain on each pixel's HDR luminance (its luminance times the
 * headroom): where the map records headroom (windows, sky), the fusion of the HDR luminance, which the SDR photo
 * compressed or clipped, with frames under the photo's own down to the map's largest headroom; elsewhere `own`, the
 * photo's fusion (fusedLogGain at `exposure`), so the rest of the photo comes out as without a map. The HDR fusion is
 * at full strength whatever the photo's: its luminance, shown as is, would be brighter than the photo.
 */
const hdrFusedLogGain = (
  own: Float32Array,
  { width, height, data: luma }: Plane,
  exposure: number,
  wellExposed: number,
  headroom: CoarseHeadroom,
) => {
  const sceneLuma = luma.map((v, p) => v * 2 ** headroom.log2[p]);
  const exposures = exposuresFor(Math.log2(exposure));
  const lowest = exposures[0];
  for (let stop = 1; stop <= Math.ceil(Math.log2(headroom.peak)); stop++) exposures.push(lowest - stop);
  const fused = blendExposures(sceneLuma, width, height, exposures, wellExposed, false);
  const logGain = new Float32Array(luma.length);
  for (let p = 0; p < luma.length; p++) {
    const logHeadroom = headroom.log2[p];
    const base = Math.max(luma[p] * exposure, 1 / 4096);
    const fusedLog = clamp(Math.log2(fusedLevel(fused[p]) / base), -3, 2);
    // Blown in the HDR rendition too: an SDR white with the map's largest gain.
    const blown = ramp(sceneLuma[p] / headroom.peak, BLOWN[0], BLOWN[1]);
    const held = fusedLog + (Math.log2(BLOWN_TARGET / base) - fusedLog) * blown;
    const recorded = ramp(logHeadroom, ...RECORDED_HIGHLIGHT_STOPS);
    logGain[p] = own[p] + (held - own[p]) * recorded - logHeadroom;
  }
  return logGain;
};

/** Guided-filter fit of `target` as a local linear function of `guide` (He et al.): the gain field's coefficients. */
const fitField = (guide: Float32Array, target: Float32Array, width: number, height: number): GainField => {
  const radius = Math.max(2, Math.round(Math.max(width, height) * FIELD_RADIUS_SHARE));
  const n = guide.length;
  const gg = new Float32Array(n);
  const gt = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    gg[p] = guide[p] * guide[p];
    gt[p] = guide[p] * target[p];
  }
  const meanG = boxFilter(guide, width, height, radius);
  const meanT = boxFilter(target, width, height, radius);
  const meanGG = boxFilter(gg, width, height, radius);
  const meanGT = boxFilter(gt, width, height, radius);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let p = 0; p < n; p++) {
    const variance = Math.max(0, meanGG[p] - meanG[p] * meanG[p]);
    a[p] = (meanGT[p] - meanG[p] * meanT[p]) / (variance + FIELD_EPS);
    b[p] = meanT[p] - a[p] * meanG[p];
  }
  return { width, height, a: boxFilter(a, width, height, radius), b: boxFilter(b, width, height, radius) };
};

/**
 * Plans the listing look on a working copy: white balance from the near-neutral mid-tones, an exposure that brings
 * a room to a finished photo's brightness, local fusion as strong as the photo's shadows and highlights need, and a
 * saturation that never goes past a finished photo's colourfulness. Each choice is checked by rendering the working
 * copy and measuring it, and refined once or twice.
 */
export const planListingLook = (
  work: RgbImage,
  adjust: AdjustPlan | null = null,
  decoded: DecodedPhoto | null = null,
): ListingLookPlan => {
  // Each choice is checked on a half-size copy: the figures hold at that size, and the checks cost a quarter.
  const sample = halve(work);
  const before = lookFigures(sample);
  const luma = lumaPlane(work, [1, 1, 1]);
  const [p10Linear, medianLinear, p995] = quantiles(luma, [0.1, 0.5, 0.995]);
  const median = Math.max(medianLinear, 1e-4);
  // A dark photo with lit points (lamps, a sky at dusk, street lights) is a night or dusk scene: it is opened, not
  // turned into day.
  const mood = linearToSrgb(median) < 0.12 && linearToSrgb(p995) > 0.75;
  // A room already as bright as a finished photo keeps its brightness; only one brighter still comes down.
  const medianLuma = linearToSrgb(median);
  const aim = mood
    ? 0.3
    : medianLuma > ROOM_MEDIAN
      ? Math.max(ROOM_MEDIAN, Math.min(medianLuma, MAX_ROOM_MEDIAN))
      : ROOM_MEDIAN;
  // A host's brighter (or darker) adjustment raises the median aimed at and the level the fusion favours, so the
  // room comes brighter while the darker virtual exposures still hold the windows and lamps.
  const adjustEv = adjust?.applied ? adjust.ev + adjust.shadowLift * AIRY_LIFT_EV : 0;
  const aimLinear = SRGB_TO_LINEAR[Math.round(clamp(aim + ADJUST_LEVEL_PER_EV * adjustEv, 0.2, 0.85) * 255)];
  const maxEv = mood ? 1 : MAX_LIFT_EV;
  let ev = clamp(Math.log2(aimLinear / median), MAX_DARKEN_EV, maxEv);
  // Fusion as strong as the shadows are deep or the highlights are clipped after the exposure; a finished photo
  // needs almost none.
  const p10 = linearToSrgb(Math.min(1, p10Linear * 2 ** ev));
  let clipped = 0;
  for (let p = 0; p < luma.length; p++) if (luma[p] * 2 ** ev >= 0.95) clipped++;
  const fusion = Math.max(ramp(p10, 0.28, 0.16), ramp(clipped / luma.length, 0.01, 0.06), ramp(Math.abs(ev), 0.3, 1.5));
  const coarse = reduce({ width: work.width, height: work.height, data: luma });
  const guide = new Float32Array(coarse.data.length);
  for (let p = 0; p < guide.length; p++) guide[p] = Math.log2(Math.max(coarse.data[p], 1 / 4096));
  const wellExposed = clamp(WELL_EXPOSED + ADJUST_LEVEL_PER_EV * adjustEv, 0.4, 0.8);
  const fusedAt = (exposureEv: number) =>
    fusedLogGain(
      coarse.data,
      coarse.width,
      coarse.height,
      2 ** exposureEv,
      Math.max(fusion, adjustEv ? 1 : 0),
      wellExposed,
    );
  const fieldOf = (target: Float32Array, fieldGuide = guide) =>
    fitField(fieldGuide, target, coarse.width, coarse.height);

  // The fusion moves the median (it lifts shadows, holds highlights): the exposure is corrected once by what the
  // first rendering measured and the fusion redone at it, so the highlights are held at the exposure delivered.
  let fused = fusedAt(ev);
  let plan: RenderPlan = { gains: [1, 1, 1], exposure: 2 ** ev, field: fieldOf(fused), saturation: 1, knee: KNEE };
  let rendered = renderListing(sample, plan);
  let after = lookFigures(rendered);
  for (let round = 0; round < 2; round++) {
    const medianShift = Math.log2(aimLinear / SRGB_TO_LINEAR[Math.round(after.medianLuma * 255)]);
    const next = clamp(ev + medianShift, MAX_DARKEN_EV, maxEv);
    if (Math.abs(next - ev) < 0.1) break;
    ev = next;
    fused = fusedAt(ev);
    plan = { ...plan, exposure: 2 ** ev, field: fieldOf(fused) };
    rendered = renderListing(sample, plan, rendered.data);
    after = lookFigures(rendered);
  }
  // The cast is aimed at a share of this rendering's, and taken off in up to four steps, because which pixels count
  // as near-neutral changes as the cast goes. A faint cast is mostly left; a blue one is as often shade, sky and
  // water as the light, and less of it is taken off. A photo that needs no light (exposure, fusion) is taken for an
  // edited one whose warmth is meant: only a strong cast is corrected there.
  const cast = Math.hypot(after.castA, after.castB);
  const cool = after.castB < 0 && -after.castB >= Math.abs(after.castA);
  const needsLight = Math.max(fusion, ramp(Math.abs(ev), 0.3, 1), ramp(cast, 5, 10));
  const keep = 1 - CAST_CORRECTION * ramp(cast, 1.5, 5) * needsLight * (cool ? 0.5 : 1);
  const aimA = after.castA * keep;
  const aimB = after.castB * keep;
  // A photo is never made more colourful than a finished one, nor much more than itself; one more colourful than a
  // finished photo keeps its own.
  const limit = Math.min(
    Math.max(before.colourfulness, MAX_COLOURFULNESS),
    Math.max(before.colourfulness, 1) * MAX_COLOURFULNESS_RATIO,
  );
  for (let round = 0; round < 4; round++) {
    const saturation = clamp(plan.saturation * Math.min(1, limit / after.colourfulness), 0.7, 1);
    let { gains } = plan;
    if (Math.hypot(after.castA - aimA, after.castB - aimB) > 0.5) {
      // Over-relaxed: as a cast goes, more of the tinted surfaces count as near-neutral and pull the measure back.
      const [dr, db] = gainsForCastShift(
        after.castA,
        after.castB,
        after.castA + (aimA - after.castA) * CAST_STEP,
        after.castB + (aimB - after.castB) * CAST_STEP,
      );
      gains = [
        clamp(gains[0] * dr, 1 / MAX_CHANNEL_GAIN, MAX_CHANNEL_GAIN),
        1,
        clamp(gains[2] * db, 1 / MAX_CHANNEL_GAIN, MAX_CHANNEL_GAIN),
      ];
    } else if (saturation === plan.saturation) break;
    plan = { ...plan, gains, saturation };
    rendered = renderListing(sample, plan, rendered.data);
    after = lookFigures(rendered);
  }
  // With the phone's gain map, windows and sky are fused from the HDR luminance it records, and the field is read on
  // each pixel's HDR luminance, which carries the map's detail to full size. Exposure, white balance and saturation
  // stay the photo's own: a sky that fills half the frame, brought down, would otherwise lift the house below it, and
  // a window's daylight view would pull the room's white balance.
  const gainMap = decoded && headroomOf(decoded, coarse);
  if (gainMap) {
    const hdrGuide = guide.map((v, p) => v + gainMap.coarse.log2[p]);
    const target = hdrFusedLogGain(fused, coarse, 2 ** ev, wellExposed, gainMap.coarse);
    plan = { ...plan, field: fieldOf(target, hdrGuide), logHeadroom: gainMap.plane };
    rendered = renderListing(sample, plan, rendered.data);
    after = lookFigures(rendered);
  }
  if (adjust?.applied) {
    plan = withAdjustment(plan, adjust);
    rendered = renderListing(sample, plan, rendered.data);
    after = lookFigures(rendered);
  }
  // Highlights the lift pushed past white are rolled off from lower down until the photo clips no more than it did.
  for (
    let knee = KNEE - 0.1;
    knee >= MIN_KNEE - 1e-6 && after.clipped > before.clipped + CLIPPED_ALLOWANCE;
    knee -= 0.1
  ) {
    plan = { ...plan, knee };
    rendered = renderListing(sample, plan, rendered.data);
    after = lookFigures(rendered);
  }
  return { ...plan, ev, mood, fusion, ...(gainMap ? { headroom: gainMap.coarse.peak } : {}), before, after };
};

/**
 * The photo's gain map as the plan uses it: the headroom the fusion's working copy (`coarse`, linear luminance) takes,
 * and log2 of the map's at its own size for the renderer (an Ultra HDR map is a quarter of the photo's side, finer
 * than the analysis copy). Null without a map.
 */
const headroomOf = (decoded: DecodedPhoto, coarse: Plane): { coarse: CoarseHeadroom; plane: HeadroomPlane } | null => {
  const map = decoded.gainMap;
  const gain = map && sceneHeadroom(decoded, map.width, map.height);
  const atCoarse = sceneHeadroom(decoded, coarse.width, coarse.height);
  if (!map || !gain || !atCoarse) return null;
  let peak = 1;
  for (const g of gain) if (g > peak) peak = g;
  return {
    coarse: { log2: atCoarse.map((g, p) => takenLogHeadroom(Math.log2(g), coarse.data[p])), peak },
    plane: { width: map.width, height: map.height, log2: gain.map(Math.log2) },
  };
};

/**
 * The colour of a host's adjustment (and of the order's harmonisation) folded into the look's rendering: white gains
 * with the luminance kept, saturation scaled. Its brightness is the fusion's (planListingLook): the level the
 * fusion favours moves, so a brighter style still holds the windows and lamp shades the look held.
 */
const withAdjustment = <P extends RenderPlan>(plan: P, adjust: AdjustPlan): P => {
  const norm = 1 / (LUMA_R * adjust.gainRed + LUMA_G + LUMA_B * adjust.gainBlue);
  const [gr, gg, gb] = plan.gains;
  return {
    ...plan,
    gains: [gr * adjust.gainRed * norm, gg * norm, gb * adjust.gainBlue * norm],
    saturation: plan.saturation * adjust.saturation,
  };
};

/** The listing look: the default rendering, our own code on the photo in linear light, no learned weights. */
export const listingLookStage = stage<ListingLookPlan | null>({
  name: 'listingLook',
  plan: (ctx) => {
    if (ctx.learned) return null;
    return planListingLook(ctx.small, requestedAdjustment(ctx.options), ctx.decoded);
  },
  apply: (ctx, plan) => {
    if (plan) ctx.image = renderListing(ctx.image, plan, ctx.image.data);
  },
  report: (plan) => {
    if (!plan) return {};
    const [gainRed, , gainBlue] = plan.gains;
    // The fusion's share of the change: how far the shadows were opened (10th percentile) and, where the photo had
    // highlights to hold, how strongly the fusion held them.
    const opened = Math.max(0, plan.after.p10Luma - plan.before.p10Luma);
    return {
      whiteBalance: {
        applied: Math.abs(gainRed - 1) > 0.01 || Math.abs(gainBlue - 1) > 0.01,
        gainRed,
        gainBlue,
        castA: plan.before.castA,
        castB: plan.before.castB,
      },
      exposure: { applied: Math.abs(plan.ev) >= 0.05, ev: plan.ev },
      blackPoint: { applied: false, level: 0 },
      contrast: { amount: 0 },
      shadows: { amount: Math.min(0.5, opened) },
      highlights: { amount: plan.fusion * 0.5 },
      localContrast: { amount: 0 },
      vibrance: { amount: plan.saturation - 1 },
      look: {
        fusion: plan.fusion,
        mood: plan.mood,
        saturation: plan.saturation,
        ...(plan.headroom ? { headroom: plan.headroom } : {}),
      },
    };
  },
});
