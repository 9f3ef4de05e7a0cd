import { type DomainEvent, InProcessDomainEvents } from './domain-events';

describe('InProcessDomainEvents', () => {
  it('hands each event to every listener and never fails the publisher when one of them does', async () => {
    const events = new InProcessDomainEvents();
    const heard: string[] = [];
    events.subscribe(() => Promise.reject(new Error('database away')));
    events.subscribe(async (e) => void heard.push(e.type));
    const event: DomainEvent = { type: 'order.completed', userId: 1, orderId: 'ord_1', photosProcessed: 5 };
    await expect(events.publish(event)).resolves.toBeUndefined();
    expect(heard).toEqual(['order.completed']);
  });
});
