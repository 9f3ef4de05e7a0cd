import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { UserDto } from './user.dto';

export class RequestMagicLinkDto {
  @ApiProperty({ example: 'host@example.com' })
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254, { message: 'Please enter a valid email address' })
  email: string;
}

export class MessageDto {
  @ApiProperty() message: string;
}

/** The tokens from the sign-in link's fragment. Checked by the use case so any defect gets the spec's sentence. */
export class VerifyMagicLinkDto {
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) access_token?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(200) refresh_token?: string;
  @ApiPropertyOptional({ enum: ['magiclink'], default: 'magiclink' })
  @IsOptional()
  @IsIn(['magiclink'], { message: 'Invalid magic link. Please request a new one.' })
  type?: 'magiclink';
}

export class SignInResponseDto {
  @ApiProperty({ type: UserDto }) user: UserDto;
  @ApiProperty({ description: 'Whether the user has placed an order (decides where the client goes next)' })
  hasOrders: boolean;
  @ApiProperty({ description: 'Whether this sign-in created the account' }) isNewUser: boolean;
}

export class ProvidersDto {
  @ApiProperty({ description: 'Whether "Sign in with Google" is configured' }) google: boolean;
}
