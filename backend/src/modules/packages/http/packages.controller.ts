import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty, ApiTags } from '@nestjs/swagger';
import { PACKAGE_TYPES, PACKAGES, type PackageType } from '@listinglens/contracts';

class PackageDto {
  @ApiProperty({ enum: PACKAGE_TYPES }) id: PackageType;
  @ApiProperty({ example: 'Standard' }) name: string;
  @ApiProperty({ example: 'Standard Package' }) title: string;
  @ApiProperty({ description: 'Price in cents (USD)', example: 6900 }) price: number;
  @ApiProperty({ example: 'usd' }) currency: string;
  @ApiProperty({ description: 'Photo credits included', example: 20 }) photos: number;
  @ApiProperty() description: string;
  @ApiProperty({ type: [String] }) features: string[];
  @ApiProperty() popular: boolean;
  @ApiProperty({ example: '6-hour turnaround' }) landingTurnaround: string;
  @ApiProperty({ example: '24-hour turnaround' }) selectionTurnaround: string;
}

@ApiTags('packages')
@Controller('packages')
export class PackagesController {
  @Get()
  @ApiOperation({ summary: 'The package catalogue: what can be bought and for how much' })
  @ApiOkResponse({ type: [PackageDto] })
  list(): PackageDto[] {
    return PACKAGES.map((p) => ({ ...p, features: [...p.features] }));
  }
}
