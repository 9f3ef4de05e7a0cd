import { Logger } from '@nestjs/common';
import express from 'express';
import request from 'supertest';
import { requestLogging } from '../http/request-logging';
import { requestLogContext, withLogContext } from './log-context';
import { createRootLogger, PinoLoggerService } from './pino-logger';

type Line = Record<string, unknown> & { msg: string };

describe('log context', () => {
  const lines: Line[] = [];
  const root = createRootLogger({ level: 'info' }, { write: (line) => lines.push(JSON.parse(line)) });
  Logger.overrideLogger(new PinoLoggerService(root));
  beforeEach(() => lines.splice(0));

  it('puts the request id on lines logged while a request is handled, after its body was parsed', async () => {
    const app = express();
    app.use(requestLogging(root));
    app.use(express.json());
    app.use(requestLogContext());
    app.post('/echo', async (req, res) => {
      await new Promise((r) => setTimeout(r, 5));
      new Logger('Echo').log(`echo ${req.body.word}`);
      res.json({});
    });

    const res = await request(app).post('/echo').send({ word: 'hello' }).expect(200);
    expect(lines.find((l) => l.msg === 'echo hello')).toMatchObject({
      context: 'Echo',
      requestId: res.headers['x-request-id'],
    });
  });

  it('nests: inner fields add to the outer ones and end with their scope', async () => {
    await withLogContext({ job: 'a', jobId: '1' }, async () => {
      await withLogContext({ step: 'inner' }, async () => root.info('inner'));
      root.info('outer');
    });
    root.info('none');
    expect(lines.map(({ msg, job, step }) => [msg, job, step])).toEqual([
      ['inner', 'a', 'inner'],
      ['outer', 'a', undefined],
      ['none', undefined, undefined],
    ]);
  });

  it("keeps one line's own fields off the next lines of the same context", async () => {
    await withLogContext({ requestId: 'r-1' }, async () => {
      root.info({ responseTime: 12, res: { statusCode: 201 } }, 'request completed');
      root.info('later, in a job the request queued');
    });
    expect(lines[1]).toMatchObject({ requestId: 'r-1', msg: 'later, in a job the request queued' });
    expect(lines[1]).not.toHaveProperty('res');
    expect(lines[1]).not.toHaveProperty('responseTime');
  });

  it('logs an object message as fields', () => {
    new Logger('Jobs').log({ msg: 'done', outcome: 'completed', durationMs: 12 });
    expect(lines[0]).toMatchObject({ msg: 'done', outcome: 'completed', durationMs: 12, context: 'Jobs', level: 30 });
  });
});
