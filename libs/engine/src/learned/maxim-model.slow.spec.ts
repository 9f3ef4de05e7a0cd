import sharp from 'sharp';
import { realPhotos } from '../../test/fixtures/photos';
import { loadMaxim } from './maxim-model';

jest.setTimeout(120_000);

/**
 * The fused GELU and layer-normalisation kernels change how MAXIM is computed, not what it computes: on a real room,
 * the fused graph's output is the converter's graph output to within one level in 8 bits.
 */
describe('MAXIM with its GELUs and layer normalisations fused', () => {
  it('renders a real room as the unfused graph does, to within one level', async () => {
    const [room] = realPhotos(1);
    const { data, info } = await sharp(room.data)
      .resize(128, 64, { fit: 'fill' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const image = { width: info.width, height: info.height, data: new Uint8Array(data) };
    const [fused, plain] = [await loadMaxim('retouching'), await loadMaxim('retouching', { fuse: false })];
    const a = fused.run(image);
    const b = plain.run(image);
    const differences = a.map((v, i) => Math.abs(v - b[i]));
    expect(Math.max(...differences)).toBeLessThanOrEqual(1);
    expect(differences.filter((d) => d > 0).length).toBeLessThan(a.length / 1000);
    // And the model does change the photo: the comparison is not between two copies of the input.
    expect(a.some((v, i) => Math.abs(v - image.data[i]) > 8)).toBe(true);
  });
});
