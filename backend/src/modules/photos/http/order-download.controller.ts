import { Controller, Get, Param, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiCookieAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { type Response } from 'express';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '../../auth';
import { StreamOrderZip } from '../application/stream-order-zip.use-case';

@ApiTags('orders')
@ApiCookieAuth('session')
@ApiBearerAuth('apiKey')
@UseGuards(AuthGuard)
@Controller('orders')
export class OrderDownloadController {
  constructor(private readonly streamOrderZip: StreamOrderZip) {}

  @Get(':id/download')
  @ApiOperation({ summary: "All of an order's enhanced photos as one zip, streamed as it is built" })
  @ApiProduces('application/zip')
  @ApiOkResponse({ description: 'A zip with the photos in a folder enhanced-photos/' })
  async download(@CurrentUser() user: AuthenticatedUser, @Param('id') id: string, @Res() res: Response): Promise<void> {
    const zip = await this.streamOrderZip.execute(user.id, id);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('X-Photo-Count', String(zip.count));
    res.attachment(zip.fileName);
    await zip.writeTo(res);
  }
}
