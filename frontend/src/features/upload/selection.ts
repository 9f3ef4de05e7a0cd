/** Preview names longer than 20 characters show their first 17 and an ellipsis (spec section 9). */
export function truncateFileName(name: string, max = 20): string {
  return name.length > max ? `${name.slice(0, max - 3)}...` : name;
}

/** Only image files are taken; anything else is ignored without a message (spec section 5). */
export function imageFilesOnly(files: Iterable<File>): File[] {
  return Array.from(files).filter((file) => file.type.startsWith('image/'));
}

export const tooManyMessage = (slotsLeft: number) => `You can only upload up to ${slotsLeft} more photo(s).`;

/** The reason an upload cannot start, or null when it can (spec section 5). */
export function uploadBlocker(selected: number): { title: string; description: string } | null {
  if (selected === 0) return { title: 'No files selected', description: 'Please select at least one file to upload.' };
  return null;
}
