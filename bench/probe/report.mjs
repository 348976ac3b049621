// The probe's report, one section per database. A figure is [name, value, expected]: expected
// `true` means it must be 0, a string that it must be that text, `false` that it is for reading.

/** Whether a figure is not what it must be. */
export const failing = ([, value, expected]) =>
  expected === true ? value !== 0 : typeof expected === 'string' ? value !== expected : false;

const line = ({ method, path: target, status, case: what, note }) =>
  [status || 'no answer', method, target, what && `[${what}]`, note && `-- ${note}`]
    .filter(Boolean)
    .join(' ');

/** Prints one database's figures, the answers' statuses per phase and the first examples. */
export function printReport({ label, seconds, figures, tallies, extra = [] }) {
  console.log(`\n${label} (${seconds} s)`);
  for (const figure of figures) {
    const [name, value] = figure;
    const flag = failing(figure) ? '  <-- FAIL' : '';
    console.log(`  ${name.padEnd(72)} ${String(value).padStart(10)}${flag}`);
  }
  for (const [phase, tally] of tallies) {
    console.log(`  statuses (${phase}): ${JSON.stringify(tally.statuses)}`);
  }
  for (const [phase, tally] of tallies) {
    for (const [kind, examples] of Object.entries(tally.examples)) {
      console.log(`\n  ${kind} (${phase}), first ${examples.length} of ${tally.count(kind)}:`);
      for (const example of examples) console.log(`    ${line(example)}`);
    }
    for (const [kind, { count, examples }] of Object.entries(tally.notes)) {
      console.log(
        `\n  noted, not failing: ${kind} (${phase}), first ${examples.length} of ${count}:`,
      );
      for (const example of examples) console.log(`    ${line(example)}`);
    }
  }
  for (const text of extra) console.log(`\n  ${text}`);
}

/** The figures every tally gives: sent, 5xx, hangs, leaks, wrong 2xx, guard skipped. */
export function tallyFigures(tallies) {
  const total = (kind) => tallies.reduce((sum, [, tally]) => sum + tally.count(kind), 0);
  return [
    ['requests sent', tallies.reduce((sum, [, tally]) => sum + tally.sent, 0), false],
    ['5xx', total('5xx'), true],
    ['hangs (no answer in 10 s)', total('hangs'), true],
    ['leaks of internals', total('leaks'), true],
    ['wrong 2xx', total('wrong 2xx'), true],
    ['guard skipped (answered past the guard, not 2xx)', total('guard skipped'), true],
    ['server down after the hostile requests', total('server down'), true],
  ];
}
