import { Clock } from '../ports/clock';

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}
