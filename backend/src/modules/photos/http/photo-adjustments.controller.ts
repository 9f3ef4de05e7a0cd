import { Body, Controller, Get, Post, Res, UseGuards } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { type Response } from 'express';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '../../auth';
import { ListPhotoAdjustments } from '../application/list-photo-adjustments.use-case';
import { photoNotAvailable } from '../application/open-photo-file.use-case';
import { RequestPhotoAdjustment } from '../application/request-photo-adjustment.use-case';
import {
  AdjustmentDto,
  AdjustPhotoDto,
  PhotoAdjustmentsDto,
  toAdjustmentDto,
  toPhotoAdjustmentsDto,
  toSettings,
} from './adjustments.dto';
import { SerialIdParam } from '../../../shared/http/id-params';

@ApiTags('photos')
@ApiCookieAuth('session')
@ApiBearerAuth('apiKey')
@UseGuards(AuthGuard)
@Controller('photos/:photoId/adjustments')
export class PhotoAdjustmentsController {
  constructor(
    private readonly requestAdjustment: RequestPhotoAdjustment,
    private readonly listAdjustments: ListPhotoAdjustments,
  ) {}

  @Post()
  @ApiOperation({
    summary: 'Ask for a delivered photo to be rendered again with another style or small steps',
    description:
      'The engine renders the photo again from its original (never from the previous output). The new version ' +
      'replaces the old one in the gallery, downloads and zip once it is ready; until then the previous one stays. ' +
      'Within 7 days of delivery: premium photos any number of times, basic and standard once per photo. ' +
      'Idempotent: the same request while one is queued returns that one (200) and queues nothing.',
  })
  @ApiAcceptedResponse({ type: AdjustmentDto, description: 'Queued' })
  @ApiOkResponse({ type: AdjustmentDto, description: 'The same adjustment was already queued' })
  @ApiConflictResponse({ description: 'ADJUSTMENT_IN_PROGRESS: another adjustment of this photo is queued' })
  @ApiUnprocessableEntityResponse({ description: 'ADJUSTMENT_WINDOW_CLOSED or ADJUSTMENT_ALLOWANCE_USED' })
  async request(
    @CurrentUser() user: AuthenticatedUser,
    @SerialIdParam('photoId', photoNotAvailable) photoId: number,
    @Body() body: AdjustPhotoDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AdjustmentDto> {
    const { adjustment, created } = await this.requestAdjustment.execute(user.id, photoId, toSettings(body));
    res.status(created ? 202 : 200);
    return toAdjustmentDto(adjustment);
  }

  @Get()
  @ApiOperation({ summary: "A photo's adjustments and how many more may be asked for, until when" })
  @ApiOkResponse({ type: PhotoAdjustmentsDto })
  async list(
    @CurrentUser() user: AuthenticatedUser,
    @SerialIdParam('photoId', photoNotAvailable) photoId: number,
  ): Promise<PhotoAdjustmentsDto> {
    return toPhotoAdjustmentsDto(await this.listAdjustments.execute(user.id, photoId));
  }
}
