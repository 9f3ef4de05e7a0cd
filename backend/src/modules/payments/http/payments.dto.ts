import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsInt, IsOptional, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { ADJUSTMENT_STYLES, type AdjustmentStyle } from '@listinglens/contracts';
import { PACKAGE_TYPES, type PackageType } from '../../packages';

const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]{8,64}$/;

export class CreatePaymentIntentDto {
  @ApiProperty({ enum: PACKAGE_TYPES })
  @IsIn(PACKAGE_TYPES, { message: 'Unknown package. Choose basic, standard or premium.' })
  packageType: PackageType;

  @ApiPropertyOptional({
    enum: ADJUSTMENT_STYLES,
    default: 'listing',
    description:
      'The look every photo of the order is rendered and matched in: listing (the default listing look), natural ' +
      "(the retouching model's softer rendering, made with the learned model: research-only weights, see " +
      'docs/enhancement.md, and slower), bright-airy (brighter, lifted shadows, softer colour) or warm (golden ' +
      'light). A host may still adjust each delivered photo; the adjustment starts from this look.',
  })
  @IsOptional()
  @IsIn(ADJUSTMENT_STYLES, { message: `look must be one of ${ADJUSTMENT_STYLES.join(', ')}` })
  look?: AdjustmentStyle;

  @ApiPropertyOptional({
    default: false,
    description:
      'Blur faces (people, photos on the walls, reflections) and licence plates beyond recognition on every photo ' +
      'of the order before delivery. The uploaded originals stay as they are; each delivered photo can be made ' +
      'again with the blur on or off.',
  })
  // null is refused too: true or false, or left out.
  @ValidateIf((dto: CreatePaymentIntentDto) => dto.privacyBlur !== undefined)
  @IsBoolean({ message: 'privacyBlur must be true or false' })
  privacyBlur?: boolean;

  @ApiPropertyOptional({ description: 'Photos the client shows for the package; the server prices from its catalogue' })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(1000)
  photosCount?: number;

  @ApiPropertyOptional({ description: 'Legacy field of the original client; ignored (the session decides the user)' })
  @IsOptional()
  @IsString()
  tempUserId?: string;
}

export class PaymentIntentCreatedDto {
  @ApiProperty({ example: 'pi_3Nabc_secret_xyz' }) clientSecret: string;
  @ApiProperty({ example: 'pi_3Nabc' }) paymentIntentId: string;
}

export class CompletePurchaseDto {
  @ApiProperty({ example: 'pi_3Nabc' })
  @IsString()
  @Matches(PAYMENT_INTENT_ID, { message: 'paymentIntentId must be a payment intent id (pi_…)' })
  paymentIntentId: string;
}

export class PurchaseCompletedDto {
  @ApiProperty({ example: 'ord_4f1c2a9b' }) orderId: string;
  @ApiPropertyOptional({ example: '/order?order=ord_4f1c2a9b', description: 'Where the client goes next' })
  redirectUrl?: string;
}

export class PaymentsConfigDto {
  @ApiProperty({ enum: ['stripe', 'local'], description: "'local' is the test gateway: test cards, no money moves" })
  gateway: 'stripe' | 'local';
  @ApiProperty({ nullable: true, type: String, description: "Stripe's publishable key; null for the local gateway" })
  publishableKey: string | null;
}

export class ConfirmTestPaymentDto {
  @ApiProperty({ example: '4242 4242 4242 4242' })
  @IsString()
  @Matches(/^[\d\s-]{1,30}$/, { message: 'Your card number is incorrect.' })
  cardNumber: string;
}

export class TestPaymentConfirmedDto {
  @ApiProperty({ enum: ['succeeded'] }) status: 'succeeded';
  @ApiProperty() paymentIntentId: string;
}

export class WebhookReceivedDto {
  @ApiProperty() received: boolean;
}
