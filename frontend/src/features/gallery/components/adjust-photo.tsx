import { type FormEvent, useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { PHOTOS_KEY, type Photo } from '../../photos';
import {
  ADJUSTMENT_STYLES,
  type AdjustmentRequest,
  adjustmentsKey,
  DEFAULT_ADJUSTMENT_STYLE,
  requestAdjustment,
  usePhotoAdjustments,
} from '../api/adjustments';

const DEFAULT_REQUEST: AdjustmentRequest = {
  style: DEFAULT_ADJUSTMENT_STYLE,
  brightness: 0,
  warmth: 0,
  straighten: true,
  privacyBlur: false,
};

const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

const stepText = (value: number, less: string, more: string) =>
  value === 0
    ? 'As delivered'
    : `${value < 0 ? less : more} by ${Math.abs(value)} ${Math.abs(value) === 1 ? 'step' : 'steps'}`;

/** What the host may still ask for this photo, in one sentence. */
function allowanceText(remaining: number | null, until: string | null): string | null {
  if (!until) return null;
  const day = formatDay(until);
  if (remaining === null) return `Premium: adjust this photo as often as you like until ${day}.`;
  if (remaining > 0) return `You can ask for ${remaining} free rework of this photo until ${day}.`;
  return new Date(until).getTime() < Date.now()
    ? `The 7-day adjustment window for this photo closed on ${day}.`
    : 'This photo has had its free rework. Premium packages include unlimited adjustments.';
}

function StepSlider({
  label,
  value,
  less,
  more,
  onChange,
}: {
  label: string;
  value: number;
  less: string;
  more: string;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const text = stepText(value, less, more);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-semibold text-slate-900">
          {label}
        </label>
        <span className="text-sm text-slate-600">{text}</span>
      </div>
      <input
        id={id}
        type="range"
        min={-2}
        max={2}
        step={1}
        value={value}
        aria-valuetext={text}
        onChange={(event) => onChange(Number(event.target.value))}
        className="mt-2 h-6 w-full accent-teal-700"
      />
    </div>
  );
}

/**
 * "Ask for an adjustment" under a delivered photo: a style and small steps, rendered again from the original by
 * the engine. The current version stays in the gallery until the new one replaces it. `invitation` is a line shown
 * above it while it can be asked for; each new `openSignal` opens the form (a low rating asks for both).
 */
export function AdjustPhoto({
  photo,
  invitation,
  openSignal = 0,
}: {
  photo: Photo;
  invitation?: string;
  openSignal?: number;
}) {
  const { mutate } = useSWRConfig();
  const { data } = usePhotoAdjustments(photo.adjusting ? null : photo.id);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [request, setRequest] = useState<AdjustmentRequest>(DEFAULT_REQUEST);
  const set = (change: Partial<AdjustmentRequest>) => setRequest((current) => ({ ...current, ...change }));
  const styleName = useId();
  const [openedFor, setOpenedFor] = useState(openSignal);

  if (photo.adjusting) {
    return (
      <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
        Adjustment in progress. The new version replaces this one when it is ready.
      </p>
    );
  }
  if (!data) return null;
  const allowance = allowanceText(data.remaining, data.adjustable_until);
  const deliveredLook = data.order_look ?? DEFAULT_ADJUSTMENT_STYLE;
  const canAsk = data.adjustable_until !== null && data.remaining !== 0;
  // An adjustment starts from the look the order was made in, and from the photo's blur as delivered.
  const openForm = () => {
    setRequest({ ...DEFAULT_REQUEST, style: deliveredLook, privacyBlur: data.privacy_blurred ?? false });
    setOpen(true);
  };
  if (openSignal !== openedFor) {
    setOpenedFor(openSignal);
    if (canAsk) openForm();
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await requestAdjustment(photo.id, request);
      toast({
        title: 'Adjustment requested',
        description: 'We are making this photo again from your original. The new version replaces it when ready.',
      });
      setOpen(false);
      setRequest(DEFAULT_REQUEST);
      await Promise.all([mutate(PHOTOS_KEY), mutate(adjustmentsKey(photo.id))]);
    } catch (error) {
      toast({
        title: 'Adjustment not requested',
        description: errorMessage(error, 'Please try again in a moment.'),
        variant: 'destructive',
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3 border-t border-slate-200 pt-3">
      {canAsk && invitation && <p className="text-sm font-medium text-slate-900">{invitation}</p>}
      {allowance && <p className="text-sm text-slate-600">{allowance}</p>}
      {canAsk && !open && (
        <Button size="sm" variant="secondary" onClick={openForm}>
          Ask for an adjustment
        </Button>
      )}
      {canAsk && open && (
        <form onSubmit={(event) => void submit(event)} aria-label="Ask for an adjustment" className="space-y-4">
          <fieldset>
            <legend className="text-sm font-semibold text-slate-900">Style</legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {ADJUSTMENT_STYLES.map((style) => (
                <label
                  key={style.value}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 px-3 py-2 text-sm has-[:checked]:border-teal-700 has-[:checked]:bg-teal-50"
                >
                  <input
                    type="radio"
                    name={styleName}
                    value={style.value}
                    checked={request.style === style.value}
                    onChange={() => set({ style: style.value })}
                    className="size-4 accent-teal-700"
                  />
                  <span>
                    <span className="font-medium text-slate-900">{style.label}</span>
                    <span className="block text-xs text-slate-600">
                      {style.value === deliveredLook ? 'As delivered' : style.hint}
                    </span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <StepSlider
            label="Brightness"
            value={request.brightness}
            less="Darker"
            more="Brighter"
            onChange={(brightness) => set({ brightness })}
          />
          <StepSlider
            label="Warmth"
            value={request.warmth}
            less="Cooler"
            more="Warmer"
            onChange={(warmth) => set({ warmth })}
          />
          <label className="flex min-h-6 items-center gap-2 text-sm text-slate-900">
            <input
              type="checkbox"
              checked={request.straighten}
              onChange={(event) => set({ straighten: event.target.checked })}
              className="size-5 accent-teal-700"
            />
            Straighten verticals
          </label>
          <div className="flex items-start gap-2 text-sm text-slate-900">
            <input
              id={`${styleName}-blur`}
              type="checkbox"
              checked={request.privacyBlur}
              onChange={(event) => set({ privacyBlur: event.target.checked })}
              aria-describedby={`${styleName}-blur-hint`}
              className="mt-0.5 size-5 shrink-0 accent-teal-700"
            />
            <div>
              <label htmlFor={`${styleName}-blur`}>Blur faces and licence plates</label>
              <p id={`${styleName}-blur-hint`} className="text-xs text-slate-600">
                {data.privacy_blurred ? 'Blurred as delivered' : 'Not blurred as delivered'}; your original stays as it
                is.
              </p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={busy} aria-busy={busy}>
              {busy ? 'Requesting...' : 'Request adjustment'}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
