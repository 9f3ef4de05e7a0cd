export { OrderList } from './components/order-list';
export { ORDERS_KEY, ORDERS_QUERY_OPTIONS, type OrderSummary, useOrders } from './api/get-orders';
export { useRefreshOrders } from './use-refresh-orders';
