import { Param, type PipeTransform } from '@nestjs/common';
import { ApiParam } from '@nestjs/swagger';
import { registerDecorator, type ValidationOptions } from 'class-validator';

/** The largest value a Postgres `integer` column holds, and so the largest serial id. */
export const MAX_SERIAL_ID = 2_147_483_647;

/** Whether `value` can be a serial id: a whole number from 1 to MAX_SERIAL_ID. */
export const isSerialId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_SERIAL_ID;

/** Canonical decimal only: no sign, no leading zero, no exponent, at most as many digits as MAX_SERIAL_ID. */
const SERIAL_ID_TEXT = /^[1-9][0-9]{0,9}$/;

/** What the text ids of this API look like (`ord_…`, `pi_…`): what an upload's orderId has always been held to. */
export const TEXT_ID_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
const TEXT_ID = new RegExp(TEXT_ID_PATTERN);

/**
 * Reads a serial id from URL text. Anything its column cannot hold (0, -1, 2147483648, 1e3, abc, 007) is answered by
 * `unknown`, the route's own "no such thing" error, before it reaches the database: an id that cannot exist and one
 * that does not exist look the same to the caller, and neither is a 500.
 */
export class SerialIdPipe implements PipeTransform<string, number> {
  constructor(private readonly unknown: () => Error) {}

  transform(value: string): number {
    const id = SERIAL_ID_TEXT.test(value) ? Number(value) : NaN;
    if (!isSerialId(id)) throw this.unknown();
    return id;
  }
}

/** The same for text ids: anything outside TEXT_ID_PATTERN is `unknown`. */
export class TextIdPipe implements PipeTransform<string, string> {
  constructor(private readonly unknown: () => Error) {}

  transform(value: string): string {
    if (!TEXT_ID.test(value)) throw this.unknown();
    return value;
  }
}

/**
 * Both at once on a handler's parameter: the path parameter read through the pipe, and its OpenAPI description
 * saying what the column holds.
 */
function idParam(name: string, pipe: PipeTransform, schema: Record<string, unknown>): ParameterDecorator {
  return (target, key, index) => {
    Param(name, pipe)(target, key, index);
    if (key === undefined) return;
    const descriptor = Object.getOwnPropertyDescriptor(target, key);
    if (descriptor) ApiParam({ name, required: true, schema })(target, key, descriptor);
  };
}

/** A serial id in the path (`@SerialIdParam('photoId', photoNotAvailable)`); see SerialIdPipe. */
export const SerialIdParam = (name: string, unknown: () => Error): ParameterDecorator =>
  idParam(name, new SerialIdPipe(unknown), { type: 'integer', minimum: 1, maximum: MAX_SERIAL_ID });

/** A text id in the path (`@TextIdParam('id', orderNotFound)`); see TextIdPipe. */
export const TextIdParam = (name: string, unknown: () => Error): ParameterDecorator =>
  idParam(name, new TextIdPipe(unknown), { type: 'string', pattern: TEXT_ID_PATTERN });

/**
 * Serial ids in a request body (one, or each of an array with `{ each: true }`): a 400 naming the field when one is
 * not a whole number from 1 to MAX_SERIAL_ID.
 */
export function IsSerialId(options: ValidationOptions = {}): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isSerialId',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: ({ property }) =>
          `${options.each ? 'each value in ' : ''}${property} must be an id: a whole number from 1 to ${MAX_SERIAL_ID}`,
        ...options,
      },
      validator: { validate: isSerialId },
    });
}
