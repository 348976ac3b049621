import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const seq = [
  ['plural', `new Intl.PluralRules(L).select(2)`],
  ['collator', `new Intl.Collator(L).compare('a','b')`],
  ['locale', `new Intl.Locale(L).maximize()`],
  ['date', `new Intl.DateTimeFormat(L, {dateStyle:'medium'}).format(new Date())`],
  ['money', `new Intl.NumberFormat(L, {style:'currency',currency:'USD',minimumFractionDigits:2,maximumFractionDigits:2}).format(12.5)`],
  ['number', `new Intl.NumberFormat(L).format(12345)`],
  ['dateUTC', `new Intl.DateTimeFormat(L, {dateStyle:'medium', timeZone:'UTC'}).format(new Date())`],
  ['dateTime', `new Intl.DateTimeFormat(L, {dateStyle:'medium', timeStyle:'short'}).format(new Date())`],
  ['month', `new Intl.DateTimeFormat(L, {month:'long', year:'numeric'}).format(new Date())`],
  ['rel', `new Intl.RelativeTimeFormat(L).format(-2,'day')`],
  ['list', `new Intl.ListFormat(L).format(['a','b'])`],
];
for (const order of [seq, [seq[4], seq[3], ...seq.slice(5)], [seq[5], seq[3], seq[4]]]) {
  const page = await browser.newPage();
  await page.goto('data:text/html,<p>x');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const out = [];
  for (const [name, code] of order) out.push(name + ' ' + await page.evaluate(`(() => { const L = 'en'; const t = performance.now(); ${code}; return (performance.now() - t).toFixed(0); })()`));
  console.log(out.join(', '));
  await page.close();
}
await browser.close();
