import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiBearerAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { type Request, type Response } from 'express';
import { AppConfig } from '../../../config/app-config';
import { GetCurrentUser } from '../application/get-current-user.use-case';
import { LinkExternalAuthId } from '../application/link-external-auth-id.use-case';
import { RequestMagicLink } from '../application/request-magic-link.use-case';
import { Sessions } from '../application/sessions';
import { VerifyMagicLink } from '../application/verify-magic-link.use-case';
import { type AuthenticatedUser } from '../domain/authenticated-user';
import { MessageDto, ProvidersDto, RequestMagicLinkDto, SignInResponseDto, VerifyMagicLinkDto } from './auth.dto';
import { AuthGuard } from './auth.guard';
import { CurrentUser } from './current-user.decorator';
import { SignInRoute } from './csrf.guard';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie';
import { UserDto } from './user.dto';

@ApiTags('auth')
@Controller('auth')
@SignInRoute()
export class AuthController {
  constructor(
    private readonly config: AppConfig,
    private readonly requestMagicLink: RequestMagicLink,
    private readonly verifyMagicLink: VerifyMagicLink,
    private readonly getCurrentUser: GetCurrentUser,
    private readonly linkExternalAuthId: LinkExternalAuthId,
    private readonly sessions: Sessions,
  ) {}

  @Get('providers')
  @ApiOperation({ summary: 'Which sign-in methods this deployment offers (the emailed link always works)' })
  @ApiOkResponse({ type: ProvidersDto })
  providers(): ProvidersDto {
    return { google: this.config.google !== undefined };
  }

  @Post('email')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Email a sign-in link',
    description:
      'Sends a single-use link valid for 15 minutes. The answer is the same whether or not the address has an ' +
      'account (the account is created when the link is used). Limited per address and per IP: 429 when exceeded. ' +
      'Requires `X-Requested-With`.',
  })
  @ApiOkResponse({ type: MessageDto })
  email(@Body() body: RequestMagicLinkDto, @Req() req: Request): Promise<MessageDto> {
    return this.requestMagicLink.execute({ email: body.email, ip: req.ip });
  }

  @Post('verify')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Use a sign-in link: spends it, signs in (creating the account on first use), sets the session cookie',
    description: 'Tokens come from the link fragment. 401 with a message for unknown, used or expired links.',
  })
  @ApiOkResponse({ type: SignInResponseDto })
  async verify(
    @Body() body: VerifyMagicLinkDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SignInResponseDto> {
    const result = await this.verifyMagicLink.execute({
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      userAgent: req.get('user-agent'),
      previousSessionToken: readSessionCookie(req),
    });
    setSessionCookie(res, this.config, result.session);
    return { user: UserDto.from(result.user), hasOrders: result.hasOrders, isNewUser: result.isNewUser };
  }

  @Get('me')
  @UseGuards(AuthGuard)
  @ApiCookieAuth('session')
  @ApiBearerAuth('apiKey')
  @ApiOperation({ summary: 'The signed-in user; 401 without a session' })
  @ApiOkResponse({ type: UserDto })
  async me(@CurrentUser() caller: AuthenticatedUser): Promise<UserDto> {
    return UserDto.from(await this.getCurrentUser.execute(caller.id));
  }

  @Post('logout')
  @HttpCode(204)
  @ApiOperation({ summary: 'End the session and clear its cookie (fine to call when already signed out)' })
  @ApiNoContentResponse()
  async logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    const token = readSessionCookie(req);
    if (token) await this.sessions.end(token);
    clearSessionCookie(res, this.config);
  }

  @Post('fix-supabase-id')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiCookieAuth('session')
  @ApiBearerAuth('apiKey')
  @ApiOperation({
    summary: 'Account repair: link the account to its sign-in identity (sets the external auth id)',
    description: 'The path keeps its historical name. Idempotent.',
  })
  @ApiOkResponse({ type: UserDto })
  async fixExternalAuthId(@CurrentUser() caller: AuthenticatedUser): Promise<UserDto> {
    return UserDto.from(await this.linkExternalAuthId.execute(caller.id));
  }
}
