import { useId } from 'react';
import { ZIP_PRESETS, type ZipPreset } from '../api/download-order-zip';

/** Which format Download All produces: the delivered files or a listing platform's. */
export function ZipPresetSelect({ value, onChange }: { value: ZipPreset; onChange: (preset: ZipPreset) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm text-slate-600">
        Format
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ZipPreset)}
        className="h-9 min-w-0 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-800 shadow-sm focus-visible:outline-2 focus-visible:outline-teal-500"
      >
        {ZIP_PRESETS.map((preset) => (
          <option key={preset.value} value={preset.value}>
            {preset.label}
          </option>
        ))}
      </select>
    </div>
  );
}
