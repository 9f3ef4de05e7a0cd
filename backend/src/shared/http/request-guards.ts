import { type NextFunction, type Request, type Response } from 'express';
import { BadRequestError } from '../errors/app-error';

/**
 * Deeper than any payload of this API (the deepest is two levels). Validation and logging walk bodies recursively,
 * and a body nested thousands deep would overflow their stacks.
 */
export const MAX_JSON_DEPTH = 16;

const nulCharacter = () =>
  new BadRequestError('NUL_CHARACTER', 'The request contains a NUL character, which is not allowed.');

/**
 * Postgres text cannot hold U+0000 and file keys must not contain it, so a NUL anywhere in the URL is refused before
 * routing (`/api/orders/%00` used to reach the database and fail there with a 500).
 */
export function rejectNulInUrl(req: Request, _res: Response, next: NextFunction): void {
  next(/%00/i.test(req.originalUrl) ? nulCharacter() : undefined);
}

/** After JSON parsing: refuses bodies nested deeper than MAX_JSON_DEPTH and NUL characters in any key or string. */
export function checkJsonBody(req: Request, _res: Response, next: NextFunction): void {
  next(problemIn(req.body as unknown));
}

/** Iterative, so the check itself cannot overflow the stack it protects. */
function problemIn(body: unknown): BadRequestError | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value: body, depth: 0 }];
  while (stack.length > 0) {
    const { value, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return nulCharacter();
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) return new BadRequestError('JSON_TOO_DEEP', 'The request body is nested too deeply.');
    for (const [key, child] of Object.entries(value)) {
      if (key.includes('\u0000')) return nulCharacter();
      stack.push({ value: child, depth: depth + 1 });
    }
  }
  return undefined;
}
