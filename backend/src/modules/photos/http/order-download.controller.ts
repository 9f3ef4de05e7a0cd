import { Controller, Get, Query, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCookieAuth,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { type Response } from 'express';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '../../auth';
import { orderNotFound } from '../../orders';
import { StreamOrderZip } from '../application/stream-order-zip.use-case';
import { EXPORT_PRESETS, parseExportPreset } from '../domain/export-presets';
import { TextIdParam } from '../../../shared/http/id-params';

@ApiTags('orders')
@ApiCookieAuth('session')
@ApiBearerAuth('apiKey')
@UseGuards(AuthGuard)
@Controller('orders')
export class OrderDownloadController {
  constructor(private readonly streamOrderZip: StreamOrderZip) {}

  @Get(':id/download')
  @ApiOperation({
    summary: "All of an order's enhanced photos as one zip, streamed as it is built",
    description:
      "preset=original (default): the delivered files. airbnb: 3:2 in each photo's own orientation, 1024 x 683 at " +
      'least, long side 2400 at most. vrbo: landscape (portrait photos cropped to 4:3), 1920 px wide and up, 20 MB ' +
      "at most per file. With a preset, file names start with the photo's place in the order (01-, 02-, ...).",
  })
  @ApiQuery({ name: 'preset', required: false, enum: EXPORT_PRESETS })
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'A zip with the photos in a folder enhanced-photos/' })
  async download(
    @CurrentUser() user: AuthenticatedUser,
    @TextIdParam('id', orderNotFound) id: string,
    @Query('preset') preset: unknown,
    @Res() res: Response,
  ): Promise<void> {
    const zip = await this.streamOrderZip.execute(user.id, id, parseExportPreset(preset));
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Photo-Count', String(zip.count));
    res.attachment(zip.fileName);
    await zip.writeTo(res);
  }
}
