import { Logger } from '@nestjs/common';
import { withLogContext } from './log-context';
import { OutageLog } from './outage-log';
import { createRootLogger, PinoLoggerService } from './pino-logger';

type Line = Record<string, unknown> & { msg: string };

describe('OutageLog', () => {
  const lines: Line[] = [];
  const logger = new PinoLoggerService(
    createRootLogger({ level: 'info' }, { write: (l) => lines.push(JSON.parse(l)) }),
  );
  let now = 0;
  const outage = new OutageLog(new Logger('Test'), 'Redis (job queue)', () => now);
  beforeAll(() => Logger.overrideLogger(logger));

  it('logs the start, one line a minute with the failures it left out, and the end', () => {
    withLogContext({ requestId: 'unrelated' }, () => {
      for (let second = 0; second <= 150; second++) {
        now = second * 1000;
        // Ten failed attempts a second, as a dozen reconnecting connections make.
        for (let i = 0; i < 10; i++) outage.failed('connect ECONNREFUSED 127.0.0.1:6390');
      }
      now += 500;
      outage.recovered();
      outage.recovered();
    });
    expect(lines.map(({ msg, suppressed }) => [msg, suppressed])).toEqual([
      ['Redis (job queue) unavailable: connect ECONNREFUSED 127.0.0.1:6390', undefined],
      ['Redis (job queue) still unavailable after 60 s: connect ECONNREFUSED 127.0.0.1:6390', 600],
      ['Redis (job queue) still unavailable after 120 s: connect ECONNREFUSED 127.0.0.1:6390', 600],
      ['Redis (job queue) available again after 151 s', 309],
    ]);
    expect(lines.every((l) => l.requestId === undefined && l.outage === 'Redis (job queue)')).toBe(true);
  });
});
