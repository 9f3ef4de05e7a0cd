import { Link } from 'react-router-dom';
import { PACKAGES } from '@listinglens/contracts';
import { Button, buttonClasses } from '../../../components/ui/button';
import { formatOrderDate } from '../../../lib/format';
import type { OrderSummary } from '../api/get-orders';

function packageLabel(type: string): string {
  return PACKAGES.find((p) => p.id === type)?.title ?? 'Photo package';
}

/** The action the dashboard offers for an order, by status (spec section 2, Dashboard). */
function OrderAction({ order }: { order: OrderSummary }) {
  const href = `/order?order=${encodeURIComponent(order.id)}`;
  if (order.status === 'pending') {
    return (
      <Button variant="secondary" disabled className="w-full sm:w-auto">
        Pending
      </Button>
    );
  }
  const isNew = order.status === 'new';
  const action = (
    <Link
      to={href}
      className={buttonClasses({ variant: isNew ? 'primary' : 'secondary', className: 'w-full sm:w-auto' })}
    >
      {isNew ? 'Upload photos' : 'View/Download'}
    </Link>
  );
  if (order.status !== 'completed') return action;
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Link
        to={`/gallery?order=${encodeURIComponent(order.id)}`}
        className={buttonClasses({ variant: 'ghost', className: 'w-full sm:w-auto' })}
      >
        Open gallery
      </Link>
      {action}
    </div>
  );
}

const STATUS_LABELS: Record<string, { text: string; className: string }> = {
  new: { text: 'Awaiting upload', className: 'bg-amber-50 text-amber-800 ring-amber-600/20' },
  pending: { text: 'Being enhanced', className: 'bg-sky-50 text-sky-800 ring-sky-600/20' },
  completed: { text: 'Ready', className: 'bg-teal-50 text-teal-800 ring-teal-600/20' },
};

export function OrderList({ orders }: { orders: OrderSummary[] }) {
  return (
    <ul
      aria-label="Your orders"
      className="divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {orders.map((order) => {
        const status = STATUS_LABELS[order.status] ?? {
          text: order.status,
          className: 'bg-slate-100 text-slate-700 ring-slate-500/20',
        };
        return (
          <li
            key={order.id}
            data-testid={`order-row-${order.id}`}
            className="flex flex-col gap-4 p-5 sm:flex-row sm:items-center sm:justify-between sm:px-6"
          >
            <div className="min-w-0">
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold text-slate-900">
                  {order.photos_purchased} {order.photos_purchased === 1 ? 'photo' : 'photos'}
                </span>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${status.className}`}>
                  {status.text}
                </span>
              </p>
              <p className="mt-1 text-sm text-slate-600">
                {packageLabel(order.package_type)} · Ordered{' '}
                <time dateTime={order.created_at}>{formatOrderDate(order.created_at)}</time>
              </p>
            </div>
            <OrderAction order={order} />
          </li>
        );
      })}
    </ul>
  );
}
