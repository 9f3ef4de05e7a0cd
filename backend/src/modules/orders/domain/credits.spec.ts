import { takeCredits } from './credits';

const order = (status: 'new' | 'pending' | 'completed', photosRemaining: number, photoStates: 'uploaded'[] = []) => ({
  status,
  photosRemaining,
  photoStates,
});

describe('takeCredits', () => {
  it("takes from the order's and the owner's credits and keeps the order new while credits are left", () => {
    expect(takeCredits({ order: order('new', 5), userCredits: 8 }, 2)).toEqual({
      orderCredits: 3,
      userCredits: 6,
      status: 'new',
    });
  });

  it('moves the order to pending with the last credit', () => {
    expect(takeCredits({ order: order('new', 3, ['uploaded']), userCredits: 3 }, 3)).toEqual({
      orderCredits: 0,
      userCredits: 0,
      status: 'pending',
    });
  });

  it('refuses an order that no longer accepts photos', () => {
    expect(() => takeCredits({ order: order('pending', 0), userCredits: 5 }, 1)).toThrow(
      expect.objectContaining({ code: 'ORDER_NOT_ACCEPTING', message: 'This order is not accepting uploads.' }),
    );
  });

  it("refuses more photos than the order's credits", () => {
    expect(() => takeCredits({ order: order('new', 2), userCredits: 5 }, 3)).toThrow(
      expect.objectContaining({ code: 'TOO_MANY_PHOTOS', message: 'You can only upload up to 2 more photo(s).' }),
    );
  });

  it("refuses more photos than the owner's balance", () => {
    expect(() => takeCredits({ order: order('new', 5), userCredits: 1 }, 2)).toThrow(
      expect.objectContaining({ code: 'NO_CREDITS', message: 'No photo credits remaining' }),
    );
  });
});
