import { describeChanges } from './describe-changes';

const stats = (over: Record<string, number> = {}) => ({
  exposureEv: -0.2,
  clippedHighlights: 0.002,
  cast: 1.5,
  castA: 0.5,
  castB: 1.4,
  ...over,
});

const report = (
  before: Record<string, number>,
  after: Record<string, number>,
  corrections: Record<string, unknown> = {},
) => ({ before: stats(before), after: stats(after), corrections });

describe('describeChanges (what the host reads under a delivered photo)', () => {
  it('names each visible change in plain words', () => {
    expect(
      describeChanges(
        report(
          { exposureEv: -1.6, cast: 9, castA: 1, castB: 8.9, clippedHighlights: 0.05 },
          { exposureEv: -0.4, cast: 2, castA: 0.3, castB: 1.9, clippedHighlights: 0.01 },
          {
            verticals: { applied: true, pitchDeg: 3.2 },
            denoise: { applied: true, strength: 0.5 },
          },
        ),
      ),
    ).toEqual([
      'Brightened by 1.2 stops',
      'Bright windows and highlights recovered',
      'Warm cast removed',
      'Verticals straightened by 3°',
      'Noise reduced',
    ]);
  });

  it('says what the privacy blur blurred, or that it found nothing, and nothing when it was not asked for', () => {
    const blur = (faces: number, plates: number) =>
      describeChanges(report({}, {}, { privacy: { faces, plates, boxes: [] } }));
    expect(blur(2, 0)).toEqual(['Blurred 2 faces for privacy']);
    expect(blur(1, 1)).toEqual(['Blurred 1 face and 1 licence plate for privacy']);
    expect(blur(0, 3)).toEqual(['Blurred 3 licence plates for privacy']);
    expect(blur(0, 0)).toEqual(['Privacy blur: no faces or licence plates found']);
    expect(describeChanges(report({}, {}))).toEqual([]);
  });

  it('names the pitch that was undone, not the one measured (a 23° pitch is straightened by 20°)', () => {
    const straightened = (verticals: Record<string, unknown>) =>
      describeChanges(report({}, {}, { verticals: { applied: true, ...verticals } }));
    expect(straightened({ pitchDeg: -23.5, correctedPitchDeg: -20 })).toEqual(['Verticals straightened by 20°']);
    // A report written before the engine bounded its correction undid the whole measured pitch.
    expect(straightened({ pitchDeg: -8 })).toEqual(['Verticals straightened by 8°']);
  });

  it('counts a very dark photo smoothed before its lift as noise reduced, once', () => {
    const smoothed = { learned: { applied: true, smoothedBeforeLift: true }, denoise: { applied: false } };
    expect(describeChanges(report({}, {}, smoothed))).toEqual(['Noise reduced']);
    expect(
      describeChanges(report({}, {}, { ...smoothed, denoise: { applied: true, strength: 1 } })).filter(
        (change) => change === 'Noise reduced',
      ),
    ).toHaveLength(1);
    expect(describeChanges(report({}, {}, { learned: { applied: true, smoothedBeforeLift: false } }))).toEqual([]);
  });

  it('says nothing when nothing was needed', () => {
    expect(
      describeChanges(
        report(
          {},
          { exposureEv: 0 },
          { verticals: { applied: false, pitchDeg: 0.4 }, denoise: { applied: false, strength: 0 } },
        ),
      ),
    ).toEqual([]);
  });

  it('tells darkening, a reduced cast and other cast colours apart', () => {
    expect(describeChanges(report({ exposureEv: 1.5 }, { exposureEv: 0.5 }))).toEqual(['Darkened by 1 stop']);
    expect(describeChanges(report({ cast: 10, castA: -9, castB: 2 }, { cast: 5, castA: -4.5, castB: 1 }))).toEqual([
      'Green cast reduced',
    ]);
    expect(describeChanges(report({ cast: 6, castA: 1, castB: -6 }, { cast: 1, castA: 0, castB: -1 }))).toEqual([
      'Cool cast removed',
    ]);
  });

  it('does not claim a cast fix that left the greys as they were', () => {
    expect(describeChanges(report({ cast: 8, castA: 0, castB: 8 }, { cast: 7, castA: 0, castB: 7 }))).toEqual([]);
  });

  it('names the look a host asked for in an adjustment, and not the listing look they already had', () => {
    expect(describeChanges(report({}, {}, { adjustments: { applied: true, style: 'bright-airy', ev: 0.35 } }))).toEqual(
      ['Bright & airy look, as you asked'],
    );
    expect(describeChanges(report({}, {}, { adjustments: { applied: true, style: 'warm' } }))).toEqual([
      'Warm look, as you asked',
    ]);
    expect(describeChanges(report({}, {}, { adjustments: { applied: false, style: 'natural' } }))).toEqual([
      'Natural look from our retouching model, as you asked',
    ]);
    expect(describeChanges(report({}, {}, { adjustments: { applied: false, style: 'listing' } }))).toEqual([]);
  });

  it('names the look chosen for the order, and not the default listing look', () => {
    expect(describeChanges(report({}, {}, { orderLook: { applied: true, style: 'warm', ev: 0 } }))).toEqual([
      'Warm look, chosen for this order',
    ]);
    expect(describeChanges(report({}, {}, { orderLook: { applied: true, style: 'bright-airy', ev: 0.35 } }))).toEqual([
      'Bright & airy look, chosen for this order',
    ]);
    expect(describeChanges(report({}, {}, { orderLook: { applied: false, style: 'natural' } }))).toEqual([
      'Natural look from our retouching model, chosen for this order',
    ]);
    expect(describeChanges(report({}, {}, { orderLook: { applied: false, style: 'listing' } }))).toEqual([]);
  });

  it('does not claim a warm cast was removed from a photo made warm on purpose', () => {
    const tungsten = [
      { cast: 8, castA: 1, castB: 8 },
      { cast: 2, castA: 0, castB: 2 },
    ] as const;
    expect(describeChanges(report(...tungsten, { orderLook: { applied: true, style: 'warm' } }))).toEqual([
      'Warm look, chosen for this order',
    ]);
    expect(describeChanges(report(...tungsten, { adjustments: { applied: true, style: 'warm' } }))).toEqual([
      'Warm look, as you asked',
    ]);
    expect(describeChanges(report(...tungsten, { orderLook: { applied: true, style: 'bright-airy' } }))).toEqual([
      'Warm cast removed',
      'Bright & airy look, chosen for this order',
    ]);
  });

  it('says when the order harmonisation moved the photo towards the others', () => {
    const harmonised = {
      ...report({}, {}),
      harmonisation: { look: stats(), correction: { ev: 0.3, gainRed: 0.97, gainBlue: 1.05 } },
    };
    expect(describeChanges(harmonised)).toEqual(['Matched to the colour and brightness of your other photos']);
    expect(describeChanges(report({}, {}))).toEqual([]);
  });

  it('names a merged bracket first, and the window only when the merge brought it back', () => {
    const merged = (windowRecoveredPct: number) => ({
      ...report({ clippedHighlights: 0.08 }, { clippedHighlights: 0.01 }),
      merge: {
        frames: 3,
        alignment: { meanErrorPx: 0.4, maxShiftPx: 6, rotationDeg: 0.3 },
        ghostSharePct: 0.5,
        windowRecoveredPct,
      },
    });
    // The window named once: the merge's line says it, so the highlights line does not repeat it.
    expect(describeChanges(merged(92))).toEqual(['Merged 3 exposures: window view recovered']);
    expect(describeChanges(merged(3))).toEqual(['Merged 3 exposures', 'Bright windows and highlights recovered']);
    expect(describeChanges({ ...report({}, {}), merge: { frames: 2 } })).toEqual(['Merged 2 exposures']);
  });

  it('reads old or partial reports without failing', () => {
    expect(describeChanges(null)).toEqual([]);
    expect(describeChanges({ engineVersion: '1.0.0' })).toEqual([]);
    expect(describeChanges({ before: { exposureEv: 'dark' }, after: {}, corrections: [] })).toEqual([]);
  });
});
