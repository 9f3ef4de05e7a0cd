import { canMoveOrder, justifiedStatus } from './order-status';

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

describe('justifiedStatus', () => {
  it('moves a new order to pending when its last credit has a photo, and no sooner', () => {
    expect(justifiedStatus({ status: 'new', photosRemaining: 1, photoStates: ['uploaded'] })).toBe('new');
    expect(justifiedStatus({ status: 'new', photosRemaining: 0, photoStates: ['uploaded'] })).toBe('pending');
    expect(justifiedStatus({ status: 'new', photosRemaining: 0, photoStates: [] })).toBe('new');
  });

  it('moves a pending order to completed when no photo is waiting, failed ones included', () => {
    expect(justifiedStatus({ status: 'pending', photosRemaining: 0, photoStates: ['completed', 'uploaded'] })).toBe(
      'pending',
    );
    expect(justifiedStatus({ status: 'pending', photosRemaining: 0, photoStates: ['failed', 'failed'] })).toBe(
      'completed',
    );
  });

  it('moves one step at a time and never out of completed', () => {
    expect(justifiedStatus({ status: 'new', photosRemaining: 0, photoStates: ['completed'] })).toBe('pending');
    expect(justifiedStatus({ status: 'completed', photosRemaining: 0, photoStates: ['uploaded'] })).toBe('completed');
  });
});
