import { Body, Controller, Delete, Get, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { AuthGuard, CurrentUser, type AuthenticatedUser } from '../../auth';
import { CreateWebhookEndpoint } from '../application/create-webhook-endpoint.use-case';
import { DeleteWebhookEndpoint } from '../application/delete-webhook-endpoint.use-case';
import { ListWebhookDeliveries } from '../application/list-webhook-deliveries.use-case';
import { ListWebhookEndpoints } from '../application/list-webhook-endpoints.use-case';
import { webhookCaller } from '../application/webhook-caller';
import { endpointNotFound } from '../domain/webhook-rules';
import { SerialIdParam } from '../../../shared/http/id-params';
import { WEBHOOKS_DESCRIPTION } from './webhooks-description';
import {
  CreatedWebhookEndpointDto,
  CreateWebhookEndpointDto,
  WebhookDeliveryDto,
  WebhookEndpointDto,
} from './webhook-endpoints.dto';

/** Integrators' webhook endpoints. API key only: an endpoint belongs to the key that registered it. */
@ApiTags('webhooks')
@ApiBearerAuth('apiKey')
@UseGuards(AuthGuard)
@Controller('webhook-endpoints')
export class WebhookEndpointsController {
  constructor(
    private readonly createEndpoint: CreateWebhookEndpoint,
    private readonly listEndpoints: ListWebhookEndpoints,
    private readonly deleteEndpoint: DeleteWebhookEndpoint,
    private readonly listDeliveries: ListWebhookDeliveries,
  ) {}

  @Post()
  @ApiOperation({
    summary: "Register a webhook endpoint for this API key's events; the signing secret is shown once",
    description: WEBHOOKS_DESCRIPTION,
  })
  @ApiCreatedResponse({ type: CreatedWebhookEndpointDto })
  async create(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: CreateWebhookEndpointDto,
  ): Promise<CreatedWebhookEndpointDto> {
    const { endpoint, secret } = await this.createEndpoint.execute(webhookCaller(user), body.url, body.events);
    return { ...WebhookEndpointDto.from(endpoint), secret };
  }

  @Get()
  @ApiOperation({ summary: 'The webhook endpoints this API key registered (never their secrets)' })
  @ApiOkResponse({ type: [WebhookEndpointDto] })
  async list(@CurrentUser() user: AuthenticatedUser): Promise<WebhookEndpointDto[]> {
    return (await this.listEndpoints.execute(webhookCaller(user))).map((e) => WebhookEndpointDto.from(e));
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a webhook endpoint; deliveries still pending to it are dropped' })
  @ApiNoContentResponse()
  async remove(
    @CurrentUser() user: AuthenticatedUser,
    @SerialIdParam('id', endpointNotFound) id: number,
  ): Promise<void> {
    await this.deleteEndpoint.execute(webhookCaller(user), id);
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: "An endpoint's latest 50 deliveries, newest first, each with its attempts" })
  @ApiOkResponse({ type: [WebhookDeliveryDto] })
  async deliveries(
    @CurrentUser() user: AuthenticatedUser,
    @SerialIdParam('id', endpointNotFound) id: number,
  ): Promise<WebhookDeliveryDto[]> {
    return (await this.listDeliveries.execute(webhookCaller(user), id)).map((d) => WebhookDeliveryDto.from(d));
  }
}
