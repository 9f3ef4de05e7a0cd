import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { CONTACT_RULES, CONTACT_TOO_LONG } from '../domain/contact-message';

const trim = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class ContactRequestDto {
  @ApiProperty({ minLength: CONTACT_RULES.name.min, maxLength: CONTACT_RULES.name.max, example: 'Maria Host' })
  @Transform(trim)
  @IsString({ message: CONTACT_RULES.name.message })
  @MinLength(CONTACT_RULES.name.min, { message: CONTACT_RULES.name.message })
  @MaxLength(CONTACT_RULES.name.max, { message: CONTACT_TOO_LONG.name })
  name: string;

  @ApiProperty({ format: 'email', maxLength: CONTACT_RULES.email.max, example: 'host@example.com' })
  @Transform(trim)
  @IsString({ message: CONTACT_RULES.email.message })
  @IsEmail({}, { message: CONTACT_RULES.email.message })
  @MaxLength(CONTACT_RULES.email.max, { message: CONTACT_TOO_LONG.email })
  email: string;

  @ApiProperty({ minLength: CONTACT_RULES.subject.min, maxLength: CONTACT_RULES.subject.max, example: 'Refund' })
  @Transform(trim)
  @IsString({ message: CONTACT_RULES.subject.message })
  @MinLength(CONTACT_RULES.subject.min, { message: CONTACT_RULES.subject.message })
  @MaxLength(CONTACT_RULES.subject.max, { message: CONTACT_TOO_LONG.subject })
  subject: string;

  @ApiProperty({ minLength: CONTACT_RULES.message.min, maxLength: CONTACT_RULES.message.max })
  @Transform(trim)
  @IsString({ message: CONTACT_RULES.message.message })
  @MinLength(CONTACT_RULES.message.min, { message: CONTACT_RULES.message.message })
  @MaxLength(CONTACT_RULES.message.max, { message: CONTACT_TOO_LONG.message })
  message: string;

  @ApiPropertyOptional({ description: 'Honeypot: hidden from people, left empty by them. Anything here is a bot.' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  website?: string;
}

export class ContactResponseDto {
  @ApiProperty({ example: true }) success: boolean;
  @ApiProperty({ example: "Thanks for contacting us. We'll get back to you soon!" }) message: string;
}
