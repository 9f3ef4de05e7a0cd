import { ApiProperty } from '@nestjs/swagger';
import { type UserEntity } from '../persistence/user.entity';
import { PACKAGE_TYPES, type PackageType } from '../../packages';

/** The user as the client sees it (spec section 3, snake_case). */
export class UserDto {
  @ApiProperty({ example: 7 }) id: number;
  @ApiProperty({ example: 'host@example.com' }) email: string;
  @ApiProperty({ type: String, nullable: true, example: 'Maria Host' }) name: string | null;
  @ApiProperty({ type: String, format: 'date-time' }) signup_date: string;
  @ApiProperty({ enum: PACKAGE_TYPES, nullable: true }) package_type: PackageType | null;
  @ApiProperty({ example: 20 }) photos_remaining: number;
  @ApiProperty({ example: 0 }) photos_processed: number;
  @ApiProperty({ description: 'Whether the account is linked to its sign-in identity (the account-repair banner)' })
  has_external_auth_id: boolean;
  @ApiProperty({ description: 'Whether a Google identity is linked' }) has_google: boolean;

  static from(user: UserEntity): UserDto {
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      signup_date: new Date(user.signupDate).toISOString(),
      package_type: user.packageType,
      photos_remaining: user.photosRemaining,
      photos_processed: user.photosProcessed,
      has_external_auth_id: user.supabaseId !== null,
      has_google: user.googleId !== null,
    };
  }
}
