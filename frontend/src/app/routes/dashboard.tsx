import { Link } from 'react-router-dom';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Spinner } from '../../components/ui/spinner';
import { OrderList, useOrders, useRefreshOrders } from '../../features/orders';
import { PRODUCT_NAME } from '../../lib/site';

/** /dashboard (spec section 2): the signed-in host's orders, newest first, with the next step for each. */
export function DashboardRoute() {
  const { data: orders, error, isLoading } = useOrders();
  const { refresh, refreshing } = useRefreshOrders();

  return (
    <section className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:py-16">
      <title>{`Your photos | ${PRODUCT_NAME}`}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your photos</h1>
          <p className="mt-2 text-sm text-slate-600">Enhanced photos are deleted automatically after 90 days.</p>
          <p className="mt-1 text-sm text-slate-600">
            Connecting another tool?{' '}
            <Link to="/dashboard/api-keys" className="font-medium text-teal-700 underline hover:text-teal-800">
              Manage API keys
            </Link>
          </p>
        </div>
        <div className="flex gap-3">
          <Button variant="secondary" onClick={() => void refresh()} disabled={refreshing} aria-busy={refreshing}>
            <RefreshIcon spinning={refreshing} />
            Refresh
          </Button>
          {orders && orders.length > 0 && (
            <Link to="/package-selection" className={buttonClasses()}>
              Enhance more photos
            </Link>
          )}
        </div>
      </div>

      <div className="mt-8">
        {isLoading && !orders ? (
          <Spinner label="Loading your orders..." />
        ) : orders && orders.length > 0 ? (
          <OrderList orders={orders} />
        ) : orders ? (
          <Card className="px-6 py-16 text-center">
            <h2 className="text-lg font-semibold text-slate-900">No orders yet</h2>
            <p className="mt-2 text-slate-600">Get started by enhancing your first batch of photos</p>
            <Link to="/package-selection" className={buttonClasses({ size: 'lg', className: 'mt-6' })}>
              Enhance photos
            </Link>
          </Card>
        ) : error ? (
          <Card role="alert" className="px-6 py-12 text-center">
            <h2 className="text-lg font-semibold text-slate-900">Couldn&apos;t load your orders</h2>
            <p className="mt-2 text-slate-600">Check your connection, then use Refresh to try again.</p>
          </Card>
        ) : null}
      </div>
    </section>
  );
}

function RefreshIcon({ spinning }: { spinning: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`size-4 ${spinning ? 'animate-spin motion-reduce:animate-none' : ''}`}
    >
      <path d="M16.5 10a6.5 6.5 0 1 1-1.9-4.6" />
      <path d="M16.5 3.5v3.9h-3.9" />
    </svg>
  );
}
