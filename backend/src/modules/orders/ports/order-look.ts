import { type AdjustmentStyle } from '@listinglens/contracts';

/** What rendering an order's one look did; `planned` is false when no look could be planned for its photos. */
export interface RenderedOrderLook {
  /** The order's owner, when any photo could be measured. */
  userId?: number;
  planned: boolean;
  /** Photos that now share the look (already within it, or corrected). */
  matched: number;
  /** Photos written again as a new set of files. */
  corrected: number;
}

/**
 * Renders an order's delivered photos to one look, within `style` (the look the host chose for the order, which the
 * photos were rendered in), and reports once what it did. The photos module provides it (it
 * owns the photos and their files, and has enhancement render them); orders declares it because photos imports
 * orders (credits, completion), so orders importing photos back would close a circle. Orders keeps every step of
 * the order's state around the call.
 */
export abstract class OrderLook {
  abstract render(orderId: string, style: AdjustmentStyle): Promise<RenderedOrderLook>;
}
