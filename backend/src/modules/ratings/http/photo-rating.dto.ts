import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, registerDecorator } from 'class-validator';
import {
  NOTE_LENGTH_MESSAGE,
  NOTE_MAX_LENGTH,
  NOTE_TYPE_MESSAGE,
  normaliseNote,
  RATING_SCORES,
  type RatingInput,
  type RatingScore,
  SCORE_MESSAGE,
} from '../domain/rating-rules';
import { type PhotoRatingEntity } from '../persistence/photo-rating.entity';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

/** Text of at most NOTE_MAX_LENGTH characters: one check, so a note that is not text gets one message, not two. */
function IsNote(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isNote',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: ({ value }) => (typeof value === 'string' ? NOTE_LENGTH_MESSAGE : NOTE_TYPE_MESSAGE),
      },
      validator: { validate: (value) => typeof value === 'string' && value.length <= NOTE_MAX_LENGTH },
    });
}

export class RatePhotoDto {
  @ApiProperty({
    type: 'integer',
    minimum: 1,
    maximum: 5,
    example: 4,
    description: 'How the photo turned out: 1 (poor) to 5 (excellent), a whole number',
  })
  // IsIn compares strictly: 0, 6, 2.5 and "4" are all refused, with one message.
  @IsIn(RATING_SCORES, { message: SCORE_MESSAGE })
  score: RatingScore;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: NOTE_MAX_LENGTH,
    example: 'The window is still too bright.',
    description: `Optional, at most ${NOTE_MAX_LENGTH} characters after surrounding space is trimmed; blank or null is no note`,
  })
  @IsOptional()
  @Transform(trim)
  @IsNote()
  note?: string | null;
}

export const toRatingInput = (dto: RatePhotoDto): RatingInput => ({ score: dto.score, note: normaliseNote(dto.note) });

export class PhotoRatingDto {
  @ApiProperty({ example: 42 }) photo_id: number;
  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: 5,
    example: 4,
    description: 'null until the host rates the photo',
  })
  score: number | null;
  @ApiProperty({ type: String, nullable: true, example: 'The window is still too bright.' }) note: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2026-11-21T14:05:00.000Z',
    description: 'When the photo was first rated',
  })
  created_at: string | null;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    example: '2026-11-22T09:30:00.000Z',
    description: 'When the score or note last changed',
  })
  updated_at: string | null;
}

export const toPhotoRatingDto = (photoId: number, rating: PhotoRatingEntity | null): PhotoRatingDto => ({
  photo_id: photoId,
  score: rating?.score ?? null,
  note: rating?.note ?? null,
  created_at: rating?.createdAt.toISOString() ?? null,
  updated_at: rating?.updatedAt.toISOString() ?? null,
});
