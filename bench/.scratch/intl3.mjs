import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const c = {
  plural: `new Intl.PluralRules(L).select(2)`,
  collator: `new Intl.Collator(L).compare('a','b')`,
  locale: `new Intl.Locale(L).maximize()`,
  date: `new Intl.DateTimeFormat(L, {dateStyle:'medium'}).format(new Date())`,
  money: `new Intl.NumberFormat(L, {style:'currency',currency:'USD',minimumFractionDigits:2,maximumFractionDigits:2}).format(12.5)`,
  number: `new Intl.NumberFormat(L).format(12345)`,
  supported: `Intl.NumberFormat.supportedLocalesOf([L])`,
  canon: `Intl.getCanonicalLocales(L)`,
};
const orders = [['number','date','money'],['date','number','money'],['collator','date','number','money'],['locale','date','number','money'],['supported','date','number','money'],['canon','number','date']];
for (const order of orders) {
  const rows = [];
  for (let i = 0; i < 5; i++) {
    const page = await browser.newPage();
    await page.goto('data:text/html,<p>x');
    const cdp = await page.context().newCDPSession(page);
    if (process.env.RATE) await cdp.send('Emulation.setCPUThrottlingRate', { rate: +process.env.RATE });
    const out = [];
    for (const name of order) out.push(await page.evaluate(`(() => { const L = 'pt'; const t = performance.now(); ${c[name]}; return Math.round(performance.now() - t); })()`));
    rows.push(out.join('/'));
    await page.close();
  }
  console.log(order.join('/').padEnd(28), rows.join('  '));
}
await browser.close();
