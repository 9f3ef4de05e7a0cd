import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { type Request, type Response } from 'express';
import { AppError, RateLimitedError } from '../errors/app-error';
import { QueueUnavailableError } from '../queue/queue-errors';
import { cutResponse, isClientAbort } from './client-gone';
import { CODE_BY_STATUS, STATUS_BY_KIND } from './error-status';

export interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  errors?: string[];
}

/** The one place errors become HTTP: `{ statusCode, code, message }`, never a stack trace or an HTML page. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const res = http.getResponse<Response>();
    const req = http.getRequest<Request & { id?: string }>();
    if (isClientAbort(exception, res)) {
      // Counted by the HTTP metrics (http_client_aborts_total); there is no one left to answer.
      this.logger.debug(
        `${req.method} ${req.originalUrl}: the client went away before the response finished [${req.id ?? '-'}]`,
      );
      return;
    }
    const body = this.toBody(exception);
    if (body.statusCode >= 500 && body.code !== 'QUEUE_UNAVAILABLE') {
      this.logger.error(
        `${req.method} ${req.originalUrl} failed [${req.id ?? '-'}]: ${exception instanceof Error ? exception.stack : String(exception)}`,
      );
    }
    if (exception instanceof RateLimitedError) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
    if (res.headersSent) {
      // A streamed response already started: all we can do is cut it so the client sees an incomplete download.
      cutResponse(res);
      return;
    }
    res.status(body.statusCode).json(body);
  }

  toBody(exception: unknown): ErrorBody {
    if (exception instanceof AppError) {
      return { statusCode: STATUS_BY_KIND[exception.kind], code: exception.code, message: exception.message };
    }
    if (exception instanceof QueueUnavailableError) {
      return { statusCode: 503, code: exception.code, message: exception.message };
    }
    if (exception instanceof HttpException) {
      const statusCode = exception.getStatus();
      const response = exception.getResponse();
      const raw =
        typeof response === 'object' && response !== null ? (response as { message?: unknown }).message : response;
      const messages = Array.isArray(raw) ? raw.map(String) : undefined;
      const message = messages ? messages.join('; ') : typeof raw === 'string' ? raw : exception.message;
      const code =
        (typeof response === 'object' && response !== null && (response as { code?: string }).code) ||
        CODE_BY_STATUS[statusCode] ||
        'ERROR';
      return messages ? { statusCode, code, message, errors: messages } : { statusCode, code, message };
    }
    const bodyParserError = exception as { type?: string; status?: number } | undefined;
    if (bodyParserError?.type === 'entity.too.large') {
      return { statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' };
    }
    if (bodyParserError?.type === 'entity.parse.failed') {
      return { statusCode: 400, code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' };
    }
    if (bodyParserError?.status && bodyParserError.status >= 400 && bodyParserError.status < 500) {
      const status = bodyParserError.status;
      return {
        statusCode: status,
        code: CODE_BY_STATUS[status] ?? 'BAD_REQUEST',
        message: 'The request could not be read.',
      };
    }
    return { statusCode: 500, code: 'INTERNAL_ERROR', message: 'An unexpected error occurred' };
  }
}
