import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiTags,
} from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { type ApiKeyEntity } from '../persistence/api-key.entity';
import { ForbiddenError } from '../../../shared/errors/app-error';
import { CreateApiKey } from '../application/create-api-key.use-case';
import { ListApiKeys } from '../application/list-api-keys.use-case';
import { apiKeyNotFound, RevokeApiKey } from '../application/revoke-api-key.use-case';
import { SerialIdParam } from '../../../shared/http/id-params';
import { type AuthenticatedUser } from '../domain/authenticated-user';
import { AuthGuard } from './auth.guard';
import { CurrentUser } from './current-user.decorator';

class CreateApiKeyDto {
  @ApiProperty({ example: 'Property manager sync', maxLength: 100 })
  @IsString()
  @IsNotEmpty({ message: 'Please give the key a name.' })
  @MaxLength(100, { message: 'Key names are at most 100 characters.' })
  name: string;
}

class ApiKeyDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty({ description: 'The first characters of the key, to tell keys apart', example: 'llk_AbCd1234' })
  prefix: string;
  @ApiProperty({ type: String, format: 'date-time' }) created: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_used: string | null;

  static from(entity: ApiKeyEntity): ApiKeyDto {
    return {
      id: entity.id,
      name: entity.name,
      prefix: entity.prefix,
      created: new Date(entity.createdAt).toISOString(),
      last_used: entity.lastUsedAt ? new Date(entity.lastUsedAt).toISOString() : null,
    };
  }
}

class CreatedApiKeyDto {
  @ApiProperty() id: number;
  @ApiProperty() name: string;
  @ApiProperty() prefix: string;
  @ApiProperty({ description: 'The key itself. Shown only in this answer: store it now.' }) key: string;
}

/**
 * Integrator keys. Managed only from a browser session: a leaked key must not be able to mint more keys that
 * would outlive its revocation.
 */
@ApiTags('api-keys')
@ApiCookieAuth('session')
@Controller('api-keys')
@UseGuards(AuthGuard)
export class ApiKeysController {
  constructor(
    private readonly createApiKey: CreateApiKey,
    private readonly listApiKeys: ListApiKeys,
    private readonly revokeApiKey: RevokeApiKey,
  ) {}

  @Post()
  @ApiOperation({ summary: 'Create an API key (for `Authorization: Bearer <key>`); the key is shown once' })
  @ApiCreatedResponse({ type: CreatedApiKeyDto })
  async create(@CurrentUser() caller: AuthenticatedUser, @Body() body: CreateApiKeyDto): Promise<CreatedApiKeyDto> {
    requireSession(caller);
    const { entity, key } = await this.createApiKey.execute(caller.id, body.name);
    return { id: entity.id, name: entity.name, prefix: entity.prefix, key };
  }

  @Get()
  @ApiOperation({ summary: "The caller's active API keys (never the keys themselves)" })
  @ApiOkResponse({ type: [ApiKeyDto] })
  async list(@CurrentUser() caller: AuthenticatedUser): Promise<ApiKeyDto[]> {
    requireSession(caller);
    return (await this.listApiKeys.execute(caller.id)).map((k) => ApiKeyDto.from(k));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Revoke an API key; requests using it fail from now on' })
  @ApiNoContentResponse()
  async revoke(
    @CurrentUser() caller: AuthenticatedUser,
    @SerialIdParam('id', apiKeyNotFound) id: number,
  ): Promise<void> {
    requireSession(caller);
    await this.revokeApiKey.execute(caller.id, id);
  }
}

function requireSession(caller: AuthenticatedUser): void {
  if (caller.via !== 'session') {
    throw new ForbiddenError('SESSION_REQUIRED', 'API keys can only be managed while signed in on the website.');
  }
}
