import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { type Request } from 'express';
import { AuthenticateRequest, readBearerKey, readSessionCookie } from '../../auth';
import { SubmitContactMessage } from '../application/submit-contact-message.use-case';
import { ContactRequestDto, ContactResponseDto } from './contact.dto';

const THANKS = "Thanks for contacting us. We'll get back to you soon!";

@ApiTags('contact')
@Controller('contact')
export class ContactController {
  constructor(
    private readonly submit: SubmitContactMessage,
    private readonly authenticate: AuthenticateRequest,
  ) {}

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'Send a message to support (stored, and mailed to the support address)' })
  @ApiOkResponse({ type: ContactResponseDto })
  @ApiBadRequestResponse({ description: 'A field breaks a rule; `message` lists the field messages' })
  @ApiTooManyRequestsResponse({ description: 'Too many messages from this address; see Retry-After' })
  async send(@Body() body: ContactRequestDto, @Req() req: Request): Promise<ContactResponseDto> {
    const ip = req.ip ?? 'unknown';
    if (body.website) {
      await this.submit.ignore(ip);
      return { success: true, message: THANKS };
    }
    // Visitors may write too; a signed-in sender's message is linked to the account.
    const user = await this.authenticate.execute({ apiKey: readBearerKey(req), sessionToken: readSessionCookie(req) });
    await this.submit.execute(
      {
        name: body.name,
        email: body.email,
        subject: body.subject,
        message: body.message,
        userId: user?.id ?? null,
      },
      ip,
    );
    return { success: true, message: THANKS };
  }
}
