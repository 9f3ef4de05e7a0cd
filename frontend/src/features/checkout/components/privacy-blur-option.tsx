import { useId } from 'react';

/**
 * The privacy blur's opt-in where an order is started: faces and licence plates blurred on every photo before
 * delivery. Off unless the host asks for it; each photo can be switched later in the gallery.
 */
export function PrivacyBlurOption({
  checked,
  onChange,
  disabled = false,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-hint`}
        className="mt-1 size-4 shrink-0 accent-teal-700"
      />
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          Blur faces and licence plates
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
          People in the room, faces in pictures on the walls, reflections and car number plates are blurred before
          delivery. Your original photos stay as they are, and you can switch the blur for any photo in the gallery.
        </p>
      </div>
    </div>
  );
}
