/**
 * Why a selection of files cannot be sent, checked before sending (docs/product.md):
 * more files chosen than the task takes ('Too many files'), or more than it takes together with
 * the files already there ('Upload limit exceeded'). Null when it may go.
 */
export type SelectionProblem =
  { kind: 'too_many'; max: number } | { kind: 'limit_exceeded'; max: number; current: number };

export function selectionProblem(
  chosen: number,
  existing: number,
  maxFiles: number,
): SelectionProblem | null {
  if (chosen > maxFiles) return { kind: 'too_many', max: maxFiles };
  if (existing + chosen > maxFiles) {
    return { kind: 'limit_exceeded', max: maxFiles, current: existing };
  }
  return null;
}

/**
 * Each file's share sent, 0 to 100, from the whole request's: the files go out one after another
 * in the body, so the bytes sent so far fill them in order.
 */
export function perFileProgress(sizes: readonly number[], percent: number): number[] {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  let sent = (Math.min(100, Math.max(0, percent)) / 100) * total;
  return sizes.map((size) => {
    if (size <= 0) return percent >= 100 ? 100 : 0;
    const share = Math.min(size, Math.max(0, sent));
    sent -= size;
    return Math.floor((share / size) * 100);
  });
}

/** The share of all the bytes sent, 0 to 100, from each file's share (weighted by its size). */
export function overallProgress(sizes: readonly number[], percents: readonly number[]): number {
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= 0) return percents.every((percent) => percent >= 100) ? 100 : 0;
  const sent = sizes.reduce((sum, size, index) => sum + (size * (percents[index] ?? 0)) / 100, 0);
  return Math.min(100, Math.floor((sent / total) * 100));
}
