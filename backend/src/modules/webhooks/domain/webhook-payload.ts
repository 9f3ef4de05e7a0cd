import { type DomainEvent } from '../../../shared/events/domain-events';

/** Which record an event is about: one event per subject and type, however often it is announced. */
export function eventSubject(event: DomainEvent): string {
  return event.type === 'order.completed' ? event.orderId : String(event.photoId);
}

/**
 * The `data` of a delivery: ids, the new status and the API addresses to fetch the rest from (with the same API
 * key). Snake case, like every API answer.
 */
export function eventData(event: DomainEvent, publicUrl: string): Record<string, unknown> {
  const order = `${publicUrl}/api/orders/${encodeURIComponent(event.orderId)}`;
  switch (event.type) {
    case 'order.completed':
      return {
        order_id: event.orderId,
        status: 'completed',
        photos_processed: event.photosProcessed,
        order_url: order,
        download_url: `${order}/download`,
      };
    case 'photo.completed':
      return {
        order_id: event.orderId,
        photo_id: event.photoId,
        status: 'completed',
        order_url: order,
        download_url: `${publicUrl}/api/download-photo/${event.photoId}`,
      };
    case 'photo.failed':
      return { order_id: event.orderId, photo_id: event.photoId, status: 'failed', order_url: order };
  }
}

/** The exact bytes sent and signed: the same for every attempt of a delivery. */
export function deliveryBody(event: { id: string; type: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, created: event.createdAt.toISOString(), data: event.data });
}
