/** Edits (insert, delete, replace, swap of neighbours) that turn `a` into `b`. */
function distance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    const above = rows[i - 1] ?? [];
    for (let j = 1; j <= b.length; j++) {
      let edits = Math.min(
        (above[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1),
        (above[j] ?? 0) + 1,
        (row[j - 1] ?? 0) + 1,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        edits = Math.min(edits, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      }
      row.push(edits);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}

/**
 * The known option nearest to a mistyped one (`--wacth` → `--watch`), or undefined when none is
 * within a third of its length: a suggestion further off would mislead.
 */
export function closestOption(typed: string, known: readonly string[]): string | undefined {
  const name = typed.replace(/^-+/, '').split('=', 1)[0] ?? '';
  let best: { option: string; edits: number } | undefined;
  for (const option of known) {
    const edits = distance(name, option);
    if (edits <= Math.max(1, Math.floor(option.length / 3)) && (!best || edits < best.edits)) {
      best = { option, edits };
    }
  }
  return best && `--${best.option}`;
}
