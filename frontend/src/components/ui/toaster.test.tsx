import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from './toaster';
import { toast } from './use-toast';

function notifications() {
  return within(screen.getByRole('region', { name: 'Notifications (F8)' }));
}

describe('toasts', () => {
  it('shows one toast at a time: a new one replaces the one on screen', () => {
    render(<Toaster />);

    act(() => void toast({ title: 'Refreshed', description: 'You have 2 orders.' }));
    act(() => void toast({ title: 'Logged out' }));

    expect(notifications().getByText('Logged out')).toBeInTheDocument();
    expect(notifications().queryByText('Refreshed')).not.toBeInTheDocument();
    expect(notifications().getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows errors in the destructive style', () => {
    render(<Toaster />);

    act(
      () =>
        void toast({
          title: 'Logout failed',
          description: 'Failed to logout. Please try again.',
          variant: 'destructive',
        }),
    );

    const item = notifications().getByRole('listitem');
    expect(item).toHaveTextContent('Logout failed');
    expect(item).toHaveTextContent('Failed to logout. Please try again.');
    expect(item).toHaveAttribute('data-variant', 'destructive');
    expect(item).toHaveClass('bg-red-600');
  });

  it('disappears after 5 seconds', () => {
    jest.useFakeTimers();
    try {
      render(<Toaster />);
      act(() => void toast({ title: 'Download started' }));

      act(() => jest.advanceTimersByTime(4900));
      expect(notifications().getByText('Download started')).toBeInTheDocument();

      act(() => jest.advanceTimersByTime(200));
      expect(notifications().queryByText('Download started')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('can be closed with its close button', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => void toast({ title: 'Account Fixed' }));

    await user.click(notifications().getByRole('button', { name: 'Close' }));

    expect(notifications().queryByText('Account Fixed')).not.toBeInTheDocument();
  });

  it('is dismissed by swiping right at least 50 px', () => {
    render(<Toaster />);
    act(() => void toast({ title: 'Preparing download' }));
    const swipe = (distance: number) => {
      const item = notifications().getByRole('listitem');
      fireEvent.pointerDown(item, { clientX: 100, clientY: 10, pointerId: 1 });
      fireEvent.pointerMove(item, { clientX: 100 + distance, clientY: 10, pointerId: 1 });
      fireEvent.pointerUp(item, { clientX: 100 + distance, clientY: 10, pointerId: 1 });
    };

    swipe(40);
    expect(notifications().getByText('Preparing download')).toBeInTheDocument();

    swipe(60);
    expect(notifications().queryByText('Preparing download')).not.toBeInTheDocument();
  });

  it('moves keyboard focus to the notifications on F8', async () => {
    const user = userEvent.setup();
    render(<Toaster />);
    act(() => void toast({ title: 'Refreshed' }));

    // By physical key code, as Radix matches it.
    await user.keyboard('[F8]');

    expect(notifications().getByRole('list')).toHaveFocus();
  });
});
