/**
 * The battery's figures as a Markdown table on the test output, so that docs/reliability.md can
 * be refreshed from a run (`npm run test:resilience`).
 */
export function printFigures(title: string, rows: Array<Record<string, string | number>>): void {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const line = (cells: Array<string | number | undefined>) =>
    `| ${cells.map((cell) => String(cell ?? '')).join(' | ')} |`;
  console.log(
    [
      `\n${title}`,
      line(columns),
      line(columns.map(() => '---')),
      ...rows.map((row) => line(columns.map((column) => row[column]))),
    ].join('\n'),
  );
}
