export { LookPicker } from './components/look-picker';
export { OrderLookCard, OrderLookLine } from './components/order-look';
export { DEFAULT_LOOK } from './looks';
