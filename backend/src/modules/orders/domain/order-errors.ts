import { NotFoundError } from '../../../shared/errors/app-error';

/** One answer for a missing order and someone else's: the caller learns nothing about orders that are not theirs. */
export const orderNotFound = () =>
  new NotFoundError(
    'ORDER_NOT_FOUND',
    "The order you're looking for doesn't exist or you don't have permission to access it.",
  );
