import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { toast } from '../../components/ui/use-toast';
import { useCurrentUser } from '../auth';
import { getOrders, ORDERS_KEY } from './api/get-orders';

/** The dashboard's Refresh (spec section 2): reload orders and the current user, then say how it went. */
export function useRefreshOrders() {
  const { mutate } = useSWRConfig();
  const { refresh: refreshUser } = useCurrentUser();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      // Fetched here rather than through `mutate()`, which swallows a failed fetch.
      const [orders] = await Promise.all([getOrders(), refreshUser().catch(() => null)]);
      await mutate(ORDERS_KEY, orders, { revalidate: false });
      toast({
        title: 'Refreshed',
        description: `${orders.length} ${orders.length === 1 ? 'order' : 'orders'} found.`,
      });
    } catch {
      toast({ title: 'Refresh Failed', description: "Couldn't refresh orders. Try again.", variant: 'destructive' });
    } finally {
      setRefreshing(false);
    }
  }, [mutate, refreshUser]);

  return { refresh, refreshing };
}
