/** The current time, injectable so tests can move past expiries without waiting. */
export abstract class Clock {
  abstract now(): Date;
}
