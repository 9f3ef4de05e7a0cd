import { BadRequestError, ConflictError, NotFoundError } from '../../../shared/errors/app-error';

/** One answer for a missing order and someone else's: the caller learns nothing about orders that are not theirs. */
export const orderNotFound = () =>
  new NotFoundError(
    'ORDER_NOT_FOUND',
    "The order you're looking for doesn't exist or you don't have permission to access it.",
  );

export const orderNotAccepting = () => new ConflictError('ORDER_NOT_ACCEPTING', 'This order is not accepting uploads.');

export const noCredits = () => new ConflictError('NO_CREDITS', 'No photo credits remaining');

export const tooManyPhotos = (remaining: number) =>
  new BadRequestError('TOO_MANY_PHOTOS', `You can only upload up to ${remaining} more photo(s).`);

export const orderLookFixed = () =>
  new ConflictError('ORDER_LOOK_FIXED', 'The look can only be changed before the first photo is uploaded.');

export const orderStatusConflict = (target: string) =>
  new ConflictError('ORDER_STATUS_CONFLICT', `This order cannot be moved to ${target} yet.`);
