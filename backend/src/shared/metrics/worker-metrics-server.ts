import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import http from 'node:http';
import { AppConfig } from '../../config/app-config';
import { AppMetrics } from './app-metrics';
import { bearerTokenMatches } from './metrics-token';

/**
 * A worker process has no HTTP app, so with METRICS_PORT set it serves its own metrics at `/metrics` on that port
 * (same token rule as /api/metrics) and a liveness answer at `/health`. Processes with the HTTP app ignore METRICS_PORT: they answer /api/metrics.
 */
@Injectable()
export class WorkerMetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('WorkerMetricsServer');
  private server?: http.Server;

  constructor(
    private readonly metrics: AppMetrics,
    private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const port = this.config.metrics.port;
    if (port === undefined || this.config.runsHttp) return;
    const server = http.createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, () => resolve());
    });
    this.server = server;
    this.logger.log(`Serving metrics on port ${port} at /metrics`);
  }

  /** After the queue has drained (beforeApplicationShutdown), so the last jobs' metrics can still be scraped. */
  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeAllConnections();
    await closed;
  }

  private async answer(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const token = this.config.metrics.token;
    const path = req.url?.split('?')[0];
    if (req.method === 'GET' && path === '/health') {
      // Liveness for the container: the process is up and its event loop answers. Tells nothing, so no token.
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    } else if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404).end();
    } else if (token !== undefined && !bearerTokenMatches(req.headers.authorization, token)) {
      res.writeHead(401, { 'WWW-Authenticate': 'Bearer' }).end();
    } else {
      try {
        const body = await this.metrics.scrape();
        res.writeHead(200, { 'Content-Type': this.metrics.contentType }).end(body);
      } catch (err) {
        this.logger.error(`Metrics scrape failed: ${String(err)}`);
        res.writeHead(500).end();
      }
    }
  }
}
