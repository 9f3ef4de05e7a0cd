export { LookPicker } from './components/look-picker';
export { OrderLookCard, OrderLookLine, type OrderWithLook } from './components/order-look';
export { DEFAULT_LOOK, type Look, lookLabel, LOOKS } from './looks';
