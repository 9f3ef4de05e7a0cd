import { Body, Controller, Get, HttpCode, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiTags,
} from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { acceptedFormatList, MAX_BRACKET_FRAMES } from '@listinglens/contracts';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '../../auth';
import { processShutdown } from '../../../shared/lifecycle/shutdown-drain';
import { ListPhotos } from '../application/list-photos.use-case';
import { OpenPhotoFile, photoNotAvailable } from '../application/open-photo-file.use-case';
import { QueuePhotoProcessing } from '../application/queue-photo-processing.use-case';
import { UploadPhotos } from '../application/upload-photos.use-case';
import { multipartParts } from './multipart-parts';
import { GROUP_LABEL } from '../domain/photo-groups';
import { MAX_FILES_PER_REQUEST, MAX_PHOTOS_PER_REQUEST } from '../domain/upload-limits';
import { PhotoDto, ProcessPhotosDto, ProcessPhotosResultDto, toPhotoDto, UploadResultDto } from './photos.dto';
import { sendPhotoFile } from './send-photo-file';
import { PHOTO_FILE_NAME_PATTERN, PhotoFileNamePipe } from './photo-file-name.pipe';
import { SerialIdParam } from '../../../shared/http/id-params';

@ApiTags('photos')
@ApiCookieAuth('session')
@ApiBearerAuth('apiKey')
@UseGuards(AuthGuard)
@Controller()
export class PhotosController {
  constructor(
    private readonly uploadPhotos: UploadPhotos,
    private readonly listPhotos: ListPhotos,
    private readonly openPhotoFile: OpenPhotoFile,
    private readonly queuePhotoProcessing: QueuePhotoProcessing,
  ) {}

  @Post('photos/upload')
  @ApiOperation({
    summary: 'Upload photos to one of your new orders (all or nothing)',
    description:
      `multipart/form-data with \`orderId\` first, then one \`photos\` part per file: ${acceptedFormatList('or')}, ` +
      "at most 10MB each, no more photos than the order's remaining credits. The files are checked by decoding them. " +
      'When the last credit is used the order becomes pending and enhancement starts.\n\n' +
      'Exposure brackets: send a `group` field right before each frame of a bracket (2 to 7 frames of one view at ' +
      'different exposures, one after another, the same `group` value on each). A bracket is one photo: it is ' +
      'merged before it is enhanced, costs one credit and counts as one photo toward the order. A file without a ' +
      '`group` field is a photo of its own. Each bracket is checked before anything is stored (at least two ' +
      'frames, at most seven, one size and orientation, one view, different exposures); a bracket that fails ' +
      'refuses the whole upload with 400 and its reason, and nothing is stored or charged. At most ' +
      `${MAX_FILES_PER_REQUEST} files (${MAX_PHOTOS_PER_REQUEST} photos of up to ${MAX_BRACKET_FRAMES} frames) per ` +
      'request.\n\n' +
      'Example (a single photo, then a bracket of three): `orderId=ord_123`, `photos=@hall.jpg`, ' +
      '`group=kitchen`, `photos=@kitchen-0ev.jpg`, `group=kitchen`, `photos=@kitchen-minus2ev.jpg`, ' +
      '`group=kitchen`, `photos=@kitchen-plus2ev.jpg`.',
  })
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['orderId', 'photos'],
      properties: {
        orderId: { type: 'string' },
        group: {
          type: 'array',
          items: { type: 'string', pattern: GROUP_LABEL.source },
          description:
            'Sent right before each frame of a bracket, naming its photo; the frames of one bracket come one ' +
            'after another.',
          example: ['kitchen', 'kitchen', 'kitchen'],
        },
        photos: { type: 'array', items: { type: 'string', format: 'binary' } },
      },
    },
  })
  @ApiCreatedResponse({ type: UploadResultDto })
  upload(@CurrentUser() user: AuthenticatedUser, @Req() req: Request): Promise<UploadResultDto> {
    return this.uploadPhotos.execute(user.id, multipartParts(req, processShutdown.cut), processShutdown);
  }

  @Get('photos')
  @ApiOperation({ summary: 'Your photos with their status and file paths' })
  @ApiOkResponse({ type: [PhotoDto] })
  async list(@CurrentUser() user: AuthenticatedUser): Promise<PhotoDto[]> {
    const { photos, adjusting, covers } = await this.listPhotos.execute(user.id);
    return photos.map((photo) =>
      toPhotoDto(photo, { adjusting: adjusting.has(photo.id), cover: covers.has(photo.id) }),
    );
  }

  @Post('photos/process')
  @HttpCode(200)
  @ApiOperation({ summary: 'Queue your waiting photos for enhancement again ("No photos to process" when none)' })
  @ApiOkResponse({ type: ProcessPhotosResultDto })
  process(@CurrentUser() user: AuthenticatedUser, @Body() body: ProcessPhotosDto): Promise<ProcessPhotosResultDto> {
    return this.queuePhotoProcessing.execute(user.id, body.photoIds, body.orderId);
  }

  @Get('photos/file/:filename')
  @ApiOperation({ summary: 'A photo file by the last segment of one of its paths (e.g. 42-thumb.webp)' })
  @ApiProduces('image/jpeg', 'image/png', 'image/webp')
  @ApiParam({ name: 'filename', schema: { type: 'string', pattern: PHOTO_FILE_NAME_PATTERN } })
  @ApiOkResponse({ description: 'The image bytes' })
  async file(
    @CurrentUser() user: AuthenticatedUser,
    @Param('filename', PhotoFileNamePipe) filename: string,
    @Res() res: Response,
  ): Promise<void> {
    await sendPhotoFile(res, await this.openPhotoFile.byFileName(user.id, filename), 'inline');
  }

  @Get('photos/view/:photoId')
  @ApiOperation({ summary: 'The display-size preview of an enhanced photo' })
  @ApiProduces('image/webp')
  @ApiOkResponse({ description: 'The image bytes' })
  async view(
    @CurrentUser() user: AuthenticatedUser,
    @SerialIdParam('photoId', photoNotAvailable) photoId: number,
    @Res() res: Response,
  ): Promise<void> {
    await sendPhotoFile(res, await this.openPhotoFile.byPhotoId(user.id, photoId, 'preview'), 'inline');
  }

  @Get('download-photo/:photoId')
  @ApiOperation({ summary: 'Download one enhanced photo (full-size JPEG)' })
  @ApiProduces('image/jpeg')
  @ApiOkResponse({ description: 'The enhanced JPEG as an attachment' })
  async download(
    @CurrentUser() user: AuthenticatedUser,
    @SerialIdParam('photoId', photoNotAvailable) photoId: number,
    @Res() res: Response,
  ): Promise<void> {
    await sendPhotoFile(res, await this.openPhotoFile.byPhotoId(user.id, photoId, 'enhanced'), 'attachment');
  }
}
