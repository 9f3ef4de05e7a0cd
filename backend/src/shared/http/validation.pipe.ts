import { BadRequestException, type ValidationError, ValidationPipe } from '@nestjs/common';

function flatten(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((e) => [
    ...Object.values(e.constraints ?? {}),
    ...flatten(e.children ?? [], parent ? `${parent}.${e.property}` : e.property),
  ]);
}

/** DTO validation for every route: unknown fields refused, and a 400 that lists each field's message. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => new BadRequestException({ code: 'VALIDATION_FAILED', message: flatten(errors) }),
  });
}
