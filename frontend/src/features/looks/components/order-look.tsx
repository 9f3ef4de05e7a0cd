import { type FormEvent, useState } from 'react';
import type { AdjustmentStyle } from '@listinglens/contracts';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { changeOrderLook } from '../api/change-order-look';
import { DEFAULT_LOOK, lookLabel } from '../looks';
import { LookPicker } from './look-picker';

/** What the order page knows of an order that the look needs. */
export interface OrderWithLook {
  id: string;
  status: string;
  /** Absent from an answer of a server before looks: the listing look. */
  look?: AdjustmentStyle;
  photos_purchased: number;
  photos_remaining: number;
  photos: unknown[];
}

/** "Look: Warm": the look an order's photos are made in. */
export function OrderLookLine({ look, className = '' }: { look: string | undefined; className?: string }) {
  return (
    <p className={`text-sm text-slate-700 ${className}`} data-testid="order-look">
      Look: <strong className="font-semibold text-slate-900">{lookLabel(look)}</strong>
    </p>
  );
}

/**
 * The order's look on the upload screen. Until the first photo is uploaded the host may pick another (the server
 * refuses once a photo is in); after that it is the look every photo is made in.
 */
export function OrderLookCard({ order, onChanged }: { order: OrderWithLook; onChanged?: () => void }) {
  const current = order.look ?? DEFAULT_LOOK;
  const changeable =
    order.status === 'new' && order.photos.length === 0 && order.photos_remaining === order.photos_purchased;
  const [editing, setEditing] = useState(false);
  const [choice, setChoice] = useState<AdjustmentStyle>(current);
  const [busy, setBusy] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await changeOrderLook(order.id, choice);
      toast({ title: 'Look changed', description: `Your photos will be made in the ${lookLabel(choice)} look.` });
      setEditing(false);
      onChanged?.();
    } catch (error) {
      toast({
        title: 'Look not changed',
        description: errorMessage(error, 'Please try again in a moment.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold text-slate-900">Your look</h2>
          <OrderLookLine look={current} className="mt-1" />
        </div>
        {changeable && !editing && (
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              setChoice(current);
              setEditing(true);
            }}
          >
            Change look
          </Button>
        )}
      </div>
      {editing && (
        <form onSubmit={(event) => void save(event)} aria-label="Change look" className="mt-5 space-y-4">
          <LookPicker value={choice} onChange={setChoice} disabled={busy} legend="Choose another look" />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={busy || choice === current} aria-busy={busy}>
              {busy ? 'Saving...' : 'Save look'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      )}
      {!editing && (
        <p className="mt-2 text-sm text-slate-600">
          {changeable
            ? 'Every photo you upload is made in this look. You can change it until you upload.'
            : 'Every photo of this order is made in this look.'}
        </p>
      )}
    </Card>
  );
}
