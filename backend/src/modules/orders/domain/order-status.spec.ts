import { canMoveOrder } from './order-status';

describe('canMoveOrder', () => {
  it('keeps a new order new until every credit has a photo', () => {
    expect(canMoveOrder({ status: 'new', photosRemaining: 2, photoStates: ['uploaded'] }, 'pending')).toBe(false);
    expect(canMoveOrder({ status: 'new', photosRemaining: 0, photoStates: ['uploaded', 'uploaded'] }, 'pending')).toBe(
      true,
    );
  });

  it('completes only when no photo is still waiting', () => {
    expect(
      canMoveOrder({ status: 'pending', photosRemaining: 0, photoStates: ['completed', 'uploaded'] }, 'completed'),
    ).toBe(false);
    expect(
      canMoveOrder({ status: 'pending', photosRemaining: 0, photoStates: ['completed', 'failed'] }, 'completed'),
    ).toBe(true);
  });

  it('never skips a step or goes back', () => {
    expect(canMoveOrder({ status: 'new', photosRemaining: 0, photoStates: ['completed'] }, 'completed')).toBe(false);
    expect(canMoveOrder({ status: 'completed', photosRemaining: 0, photoStates: ['completed'] }, 'new')).toBe(false);
    expect(canMoveOrder({ status: 'pending', photosRemaining: 0, photoStates: ['uploaded'] }, 'new')).toBe(false);
  });
});
