import { Body, Controller, Get, HttpCode, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiFoundResponse, ApiOkResponse, ApiOperation, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { type Request, type Response } from 'express';
import { AppConfig } from '../../../config/app-config';
import { SignInWithGoogle } from '../application/sign-in-with-google.use-case';
import { type SignInResult } from '../application/verify-magic-link.use-case';
import { GoogleIdentity, type GoogleProfile } from '../ports/google-identity';
import { SignInResponseDto } from './auth.dto';
import { SignInRoute } from './csrf.guard';
import { GoogleOAuthGuard, isCallbackNavigation } from './google-oauth.guard';
import { readSessionCookie, setSessionCookie } from './session-cookie';
import { UserDto } from './user.dto';

class GoogleCredentialDto {
  @ApiProperty({ description: 'A Google-signed ID token (JWT), e.g. from Google Identity Services' })
  @IsString()
  @IsNotEmpty({ message: 'Failed to sign in with Google' })
  @MaxLength(8192)
  credential: string;
}

class GoogleSignInResponseDto extends SignInResponseDto {
  @ApiProperty({ required: false, description: 'The same-origin path given as returnTo when the sign-in started' })
  returnTo?: string;
}

/** Sign-in with Google. Every route answers 404 "Google sign-in is not configured." without GOOGLE_CLIENT_ID. */
@ApiTags('auth')
@Controller('auth/google')
@SignInRoute()
export class GoogleController {
  constructor(
    private readonly config: AppConfig,
    private readonly signInWithGoogle: SignInWithGoogle,
    private readonly googleIdentity: GoogleIdentity,
  ) {}

  @Get()
  @UseGuards(GoogleOAuthGuard)
  @ApiOperation({
    summary: 'Start Google sign-in: redirects to Google (authorization-code flow with state and PKCE)',
    description: 'An optional same-origin `returnTo` path is carried through; any other address is refused (400).',
  })
  @ApiQuery({ name: 'returnTo', required: false, example: '/dashboard' })
  @ApiFoundResponse({ description: "Redirect to Google's consent screen" })
  start(): void {
    // The guard has already redirected the browser to Google.
  }

  @Get('callback')
  @UseGuards(GoogleOAuthGuard)
  @ApiOperation({
    summary: "Google's redirect target",
    description:
      'A browser navigation (Accept: text/html) is redirected to the client screen /auth/confirm with the same ' +
      'query; that screen calls this route again as JSON, which checks `state`, exchanges the code, signs in and ' +
      'answers like verify. 401 with a message on a state mismatch or a refused code.',
  })
  @ApiOkResponse({ type: GoogleSignInResponseDto })
  @ApiFoundResponse({ description: 'To /auth/confirm (browser navigations)' })
  async callback(@Req() req: Request & { oauthReturnTo?: string }, @Res() res: Response): Promise<void> {
    if (isCallbackNavigation(req)) {
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      res.redirect(302, `/auth/confirm${query}`);
      return;
    }
    const result = await this.signInWithGoogle.execute(req.user as GoogleProfile, signInContext(req));
    setSessionCookie(res, this.config, result.session);
    res.json({ ...toResponse(result), ...(req.oauthReturnTo ? { returnTo: req.oauthReturnTo } : {}) });
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({
    summary: 'Sign in with a Google ID token credential',
    description:
      'Only a Google-signed credential is accepted (signature against the provider keys, audience, issuer, ' +
      'expiry); bare ids, emails or names are refused. A Google identity joins the account with the same verified email.',
  })
  @ApiOkResponse({ type: SignInResponseDto })
  async credential(
    @Body() body: GoogleCredentialDto,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<SignInResponseDto> {
    const profile = await this.googleIdentity.verifyIdToken(body.credential);
    const result = await this.signInWithGoogle.execute(profile, signInContext(req));
    setSessionCookie(res, this.config, result.session);
    return toResponse(result);
  }
}

function signInContext(req: Request) {
  return { userAgent: req.get('user-agent'), previousSessionToken: readSessionCookie(req) };
}

function toResponse(result: SignInResult): SignInResponseDto {
  return { user: UserDto.from(result.user), hasOrders: result.hasOrders, isNewUser: result.isNewUser };
}
