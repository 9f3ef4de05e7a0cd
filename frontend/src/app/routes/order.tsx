import { Link, useSearchParams } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { OrderCompleted, OrderNotice, OrderPending, OrderUploadSection, useOrder } from '../../features/order-details';
import { PRODUCT_NAME } from '../../lib/site';

/** /order?order={id} (spec section 2, Order details): upload, wait, or download, by the order's status. */
export function OrderRoute() {
  const [params] = useSearchParams();
  const orderId = params.get('order') || null;
  const { data: order, error, isLoading, isValidating, mutate } = useOrder(orderId);

  let body;
  if (!orderId) {
    body = (
      <OrderNotice title="No Order Selected">
        <p>Please select an order from your dashboard.</p>
      </OrderNotice>
    );
  } else if (isLoading && !order) {
    body = <Spinner label="Loading order details..." />;
  } else if (error || !order || typeof order.status !== 'string') {
    body = (
      <OrderNotice title="Order Not Found" tone="warning">
        <p>The order you&apos;re looking for doesn&apos;t exist or you don&apos;t have permission to access it.</p>
      </OrderNotice>
    );
  } else if (order.status === 'new') {
    body = <OrderUploadSection order={order} onUploaded={() => void mutate()} />;
  } else if (order.status === 'pending') {
    body = (
      <OrderPending photos={order.photos} look={order.look} onRefresh={() => void mutate()} refreshing={isValidating} />
    );
  } else if (order.status === 'completed') {
    body = <OrderCompleted order={order} />;
  } else {
    body = (
      <OrderNotice title="Unknown Order Status" tone="warning">
        <p>
          This order has the status <strong className="font-semibold text-slate-900">{order.status}</strong>, which we
          don&apos;t recognise.
        </p>
      </OrderNotice>
    );
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
      <title>{`Order details | ${PRODUCT_NAME}`}</title>
      <Link to="/dashboard" className={buttonClasses({ variant: 'ghost', size: 'sm', className: '-ml-3 mb-6' })}>
        <span aria-hidden="true">←</span>
        Back to Dashboard
      </Link>
      {body}
    </section>
  );
}
