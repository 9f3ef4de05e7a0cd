import { exportGeometry, parseExportPreset, sequencedName } from './export-presets';

describe('export presets', () => {
  it('leaves the original as it is', () => {
    expect(exportGeometry('original', 4032, 3024)).toBeNull();
  });

  it.each([
    // landscape 4:3 phone photo: cropped to 3:2, long side capped at 2400
    [4032, 3024, { cropAspect: 3 / 2, width: 2400, height: 1600 }],
    // portrait phone photo: 2:3, capped
    [3024, 4032, { cropAspect: 2 / 3, width: 1600, height: 2400 }],
    // small photo: enlarged to Airbnb's minimum
    [800, 600, { cropAspect: 3 / 2, width: 1024, height: 683 }],
    // already 3:2 between the bounds: kept
    [1800, 1200, { cropAspect: 3 / 2, width: 1800, height: 1200 }],
  ])('airbnb: %i x %i -> %j', (w, h, expected) => {
    const g = exportGeometry('airbnb', w, h)!;
    expect(g).toMatchObject({ width: expected.width, height: expected.height });
    expect(g.cropAspect).toBeCloseTo(expected.cropAspect);
    expect(Math.max(g.width, g.height)).toBeLessThanOrEqual(2400);
    expect(Math.min(g.width, g.height)).toBeGreaterThanOrEqual(683);
  });

  it.each([
    [4032, 3024, { cropAspect: null, width: 4032, height: 3024 }],
    [1280, 960, { cropAspect: null, width: 1920, height: 1440 }],
    [3024, 4032, { cropAspect: 4 / 3, width: 3024, height: 2268 }],
    [600, 800, { cropAspect: 4 / 3, width: 1920, height: 1440 }],
  ])('vrbo: %i x %i -> landscape, 1920 px wide and up', (w, h, expected) => {
    const g = exportGeometry('vrbo', w, h)!;
    expect(g).toMatchObject({ width: expected.width, height: expected.height });
    if (expected.cropAspect === null) expect(g.cropAspect).toBeNull();
    else expect(g.cropAspect).toBeCloseTo(expected.cropAspect);
    expect(g.width).toBeGreaterThanOrEqual(1920);
    expect(g.width).toBeGreaterThan(g.height);
  });

  it('reads the preset from the query, refusing anything else with a clear message', () => {
    expect(parseExportPreset(undefined)).toBe('original');
    expect(parseExportPreset('airbnb')).toBe('airbnb');
    expect(() => parseExportPreset('instagram')).toThrow('preset must be one of original, airbnb, vrbo');
    expect(() => parseExportPreset(['airbnb', 'vrbo'])).toThrow('preset must be one of original, airbnb, vrbo');
  });

  it('numbers files in the order of the listing', () => {
    expect(sequencedName(0, 5, 'IMG_1-enhanced.jpg')).toBe('01-IMG_1-enhanced.jpg');
    expect(sequencedName(119, 120, 'a-enhanced.jpg')).toBe('120-a-enhanced.jpg');
  });
});
