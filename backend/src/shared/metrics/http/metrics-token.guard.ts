import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { type Request } from 'express';
import { AppConfig } from '../../../config/app-config';
import { UnauthorizedError } from '../../../shared/errors/app-error';
import { bearerTokenMatches } from '../metrics-token';

/** With METRICS_TOKEN set, only a scraper sending it as a Bearer token reads the metrics; unset, anyone can. */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(context: ExecutionContext): boolean {
    const token = this.config.metrics.token;
    if (token === undefined) return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (!bearerTokenMatches(req.get('authorization'), token))
      throw new UnauthorizedError('Send the metrics token as a Bearer token.');
    return true;
  }
}
