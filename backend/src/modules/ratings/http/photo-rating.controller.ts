import { Body, Controller, Get, Put, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { type Response } from 'express';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '../../auth';
import { photoNotAvailable } from '../../photos';
import { SerialIdParam } from '../../../shared/http/id-params';
import { GetPhotoRating } from '../application/get-photo-rating.use-case';
import { RatePhoto } from '../application/rate-photo.use-case';
import { PhotoRatingDto, RatePhotoDto, toPhotoRatingDto, toRatingInput } from './photo-rating.dto';

const NOT_DELIVERED =
  "PHOTO_NOT_AVAILABLE: no such photo, another user's, not delivered yet (still being enhanced, or failed), or purged";

@ApiTags('photos')
@ApiCookieAuth('session')
@ApiBearerAuth('apiKey')
@UseGuards(AuthGuard)
@Controller('photos/:photoId/rating')
export class PhotoRatingController {
  constructor(
    private readonly ratePhoto: RatePhoto,
    private readonly getRating: GetPhotoRating,
  ) {}

  @Put()
  @ApiOperation({
    summary: 'Rate a delivered photo ("How did we do?"): 1 to 5 and an optional note',
    description:
      'One rating per photo: rating again replaces the score and note (`created_at` stays, `updated_at` moves); the ' +
      'same score and note again change nothing. A rating of 1 or 2 is the cue to offer an adjustment ' +
      '(`POST /api/photos/{photoId}/adjustments`). Ratings are deleted with the photo files at the 90-day purge.',
  })
  @ApiBody({
    type: RatePhotoDto,
    examples: {
      good: { summary: 'A good result', value: { score: 5 } },
      low: { summary: 'A low rating with a note', value: { score: 2, note: 'The window is still too bright.' } },
    },
  })
  @ApiCreatedResponse({ type: PhotoRatingDto, description: "The photo's first rating" })
  @ApiOkResponse({ type: PhotoRatingDto, description: 'The rating replaced the earlier one (or repeated it)' })
  @ApiBadRequestResponse({
    description: `VALIDATION_FAILED: "score must be a whole number from 1 to 5", "note must be text" or "note must be at most 1000 characters"`,
  })
  @ApiNotFoundResponse({ description: NOT_DELIVERED })
  async rate(
    @CurrentUser() user: AuthenticatedUser,
    @SerialIdParam('photoId', photoNotAvailable) photoId: number,
    @Body() body: RatePhotoDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<PhotoRatingDto> {
    const { rating, created } = await this.ratePhoto.execute(user.id, photoId, toRatingInput(body));
    res.status(created ? 201 : 200);
    return toPhotoRatingDto(photoId, rating);
  }

  @Get()
  @ApiOperation({
    summary: "The host's rating of a delivered photo",
    description: '`score` and the rest are null until the host rates the photo.',
  })
  @ApiOkResponse({ type: PhotoRatingDto })
  @ApiNotFoundResponse({ description: NOT_DELIVERED })
  async get(
    @CurrentUser() user: AuthenticatedUser,
    @SerialIdParam('photoId', photoNotAvailable) photoId: number,
  ): Promise<PhotoRatingDto> {
    return toPhotoRatingDto(photoId, await this.getRating.execute(user.id, photoId));
  }
}
