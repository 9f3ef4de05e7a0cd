import { type INestApplication, type INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, type OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import cookieParser from 'cookie-parser';
import express, { type NextFunction, type Request, type Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import { type DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { type AppConfig } from './config/app-config';
import { AppMetrics } from './shared/metrics/app-metrics';
import { httpMetrics } from './shared/metrics/http/http-metrics.middleware';
import { AllExceptionsFilter } from './shared/http/all-exceptions.filter';
import { checkJsonBody, rejectNulInUrl } from './shared/http/request-guards';
import { requestLogging } from './shared/http/request-logging';
import { securityHeaders } from './shared/http/security-headers';
import { createValidationPipe } from './shared/http/validation.pipe';
import { requestLogContext } from './shared/logging/log-context';
import { createRootLogger, PinoLoggerService } from './shared/logging/pino-logger';

export const JSON_BODY_LIMIT = '100kb';

export interface CreateAppOptions {
  /** The built React client to serve with an SPA fallback; omitted in api-only deployments and most tests. */
  clientDir?: string;
  /** Where the JSON log lines go instead of stdout: tests read what the app logged. */
  logDestination?: DestinationStream;
}

/** The HTTP application exactly as production runs it; tests build theirs here too. */
export async function createHttpApp(
  config: AppConfig,
  options: CreateAppOptions = {},
): Promise<NestExpressApplication> {
  const logger = createRootLogger({ ...config.log, production: config.isProduction }, options.logDestination);
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: new PinoLoggerService(logger),
    // A failed start is thrown to the entry point (exitWithError) rather than ending the process inside Nest.
    abortOnError: false,
  });
  app.disable('x-powered-by');
  // Behind nginx or a load balancer the client address is in X-Forwarded-For; rate limits need the real one.
  app.set('trust proxy', 'loopback, linklocal, uniquelocal');
  app.use(requestLogging(logger));
  app.use(httpMetrics(app.get(AppMetrics)));
  app.use(securityHeaders({ production: config.isProduction, analyticsHost: config.posthog?.host }));
  app.use(rejectNulInUrl);

  const filter = new AllExceptionsFilter();
  app.use(
    express.json({
      limit: JSON_BODY_LIMIT,
      // Stripe signs the exact bytes it sent; keep them for the webhook only.
      verify: (req, _res, buf) => {
        if (/^\/api\/stripe\/webhook/i.test((req as Request).originalUrl ?? ''))
          (req as Request & { rawBody?: Buffer }).rawBody = buf;
      },
    }),
  );
  // No urlencoded parser: no route takes form posts, and an HTML form elsewhere can send them cross-site.
  app.use(checkJsonBody);
  app.use(cookieParser());
  app.use(requestLogContext());
  app.use((err: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (!err) return next();
    const body = filter.toBody(err);
    res.status(body.statusCode).json(body);
  });

  if (options.clientDir) serveClient(app, options.clientDir);

  app.setGlobalPrefix('api');
  app.useGlobalFilters(filter);
  app.useGlobalPipes(createValidationPipe());

  const document = buildOpenApiDocument(app);
  SwaggerModule.setup('api/docs', app, () => document, {
    jsonDocumentUrl: 'api/docs-json',
    useGlobalPrefix: false,
    customSiteTitle: 'ListingLens API',
  });
  return app;
}

/** A process with the job consumers and no HTTP server (`npm run worker`). Signals: see graceful-shutdown.ts. */
export async function createWorkerContext(config: AppConfig): Promise<INestApplicationContext> {
  const logger = createRootLogger({ ...config.log, production: config.isProduction });
  const context = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: new PinoLoggerService(logger),
    abortOnError: false,
  });
  return context;
}

export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('ListingLens API')
    .setDescription(
      'Listing-photo enhancement for short-term-rental hosts. Browsers authenticate with the session cookie ' +
        '(state-changing requests also send `X-Requested-With`); integrators send `Authorization: Bearer <api key>`. ' +
        'Errors are `{ statusCode, code, message }`.',
    )
    .setVersion('1.0')
    .addCookieAuth('sid', { type: 'apiKey', in: 'cookie', name: 'sid' }, 'session')
    .addBearerAuth({ type: 'http', scheme: 'bearer', description: 'API key' }, 'apiKey')
    .build();
  return SwaggerModule.createDocument(app, builder);
}

/** Static client plus SPA fallback: any non-API GET that wants HTML gets index.html; /api stays JSON. */
function serveClient(app: NestExpressApplication, clientDir: string): void {
  const index = path.join(clientDir, 'index.html');
  if (!fs.existsSync(index)) return;
  app.use(express.static(clientDir, { index: false, maxAge: '1h', immutable: false }));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const isApi = req.path === '/api' || req.path.startsWith('/api/');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isApi || !req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
