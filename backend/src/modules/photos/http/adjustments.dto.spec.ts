import { BadRequestException } from '@nestjs/common';
import { createValidationPipe } from '../../../shared/http/validation.pipe';
import { AdjustPhotoDto, toSettings } from './adjustments.dto';

/** What `POST /api/photos/{id}/adjustments` accepts as a style, through the API's own validation pipe. */
describe('an adjustment request', () => {
  const parse = async (body: unknown) =>
    toSettings(
      (await createValidationPipe().transform(body, { type: 'body', metatype: AdjustPhotoDto })) as AdjustPhotoDto,
    );
  const refusal = async (body: unknown) => {
    const error = await parse(body).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestException);
    return (error as BadRequestException).getResponse();
  };

  it('accepts the listing look, as delivered, with the steps and straightening defaulted', async () => {
    expect(await parse({ style: 'listing' })).toEqual({
      style: 'listing',
      brightness: 0,
      warmth: 0,
      straighten: true,
    });
  });

  it("accepts the model's natural look with steps", async () => {
    expect(await parse({ style: 'natural', brightness: 1, warmth: -2 })).toMatchObject({
      style: 'natural',
      brightness: 1,
      warmth: -2,
    });
  });

  it.each([[{ style: 'sepia' }], [{ style: 'classic' }], [{}]])('refuses %j, naming the four styles', async (body) => {
    expect(await refusal(body)).toEqual({
      code: 'VALIDATION_FAILED',
      message: ['style must be one of listing, natural, bright-airy, warm'],
    });
  });
});
