import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const cases = {
  date: `new Intl.DateTimeFormat(L, {dateStyle:'medium'}).format(new Date())`,
  dateUTC: `new Intl.DateTimeFormat(L, {dateStyle:'medium', timeZone:'UTC'}).format(new Date())`,
  dateParts: `new Intl.DateTimeFormat(L, {year:'numeric',month:'short',day:'numeric'}).format(new Date())`,
  money: `new Intl.NumberFormat(L, {style:'currency',currency:'USD',minimumFractionDigits:2,maximumFractionDigits:2}).format(12.5)`,
  number: `new Intl.NumberFormat(L).format(12345)`,
  compact: `new Intl.NumberFormat(L, {style:'currency',currency:'USD',notation:'compact',minimumFractionDigits:0,maximumFractionDigits:2}).format(1250)`,
  plural: `new Intl.PluralRules(L).select(2)`,
  toLocale: `(12.5).toLocaleString(L)`,
};
for (const L of ['en', 'pt']) for (const [name, code] of Object.entries(cases)) {
  const times = [];
  for (let i = 0; i < 3; i++) {
    const page = await browser.newPage();
    await page.goto('data:text/html,<p>x');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    times.push(await page.evaluate(`(() => { const L = '${L}'; const t = performance.now(); ${code}; const first = performance.now() - t; const t2 = performance.now(); ${code}; return [first, performance.now() - t2].map(x => x.toFixed(1)).join('/'); })()`));
    await page.close();
  }
  console.log(L, name.padEnd(10), times.join('  '));
}
await browser.close();
