// A published pay entry corrected by many requests at once (decision 0037): its history must
// read in time order, each correction once, each taking up the amount the one before it left.
import { apiCall, createUser, mustCall } from './api.mjs';
import { createTally, judge } from './http.mjs';

/** Answers [name, value, mustBeZero] figures and the tally of the corrections' answers. */
export async function correctionHistory({ port, adminCookie, tag, parallel = 12 }) {
  const tally = createTally();
  const creator = await createUser(port, adminCookie, `${tag}-paid`);
  if (!creator.id) throw new Error(`Creating ${tag}-paid answered ${creator.response.status}`);
  const admin = (method, target, body) => ({ method, target, cookie: adminCookie, body });
  const entry = await mustCall(
    port,
    admin('POST', '/api/admin/compensations', {
      userId: creator.id,
      month: 3,
      year: 2024,
      amount: '1000.00',
    }),
  );
  await mustCall(port, admin('POST', `/api/admin/compensations/${entry.id}/publish`));
  const answers = await Promise.all(
    Array.from({ length: parallel }, async (_, i) => {
      const request = admin('PUT', `/api/admin/compensations/${entry.id}`, {
        amount: `${1001 + i}.00`,
        notes: `probe correction ${i}`,
      });
      return judge(tally, request, await apiCall(port, request));
    }),
  );
  const accepted = answers.filter((answer) => answer.status === 200).length;
  const entries = await mustCall(port, admin('GET', `/api/admin/compensations/user/${creator.id}`));
  const { history } = [entries].flat().find((one) => one.id === entry.id);
  let backwards = 0;
  let brokenChain = 0;
  for (let i = 1; i < history.length; i += 1) {
    if (Date.parse(history[i].at) < Date.parse(history[i - 1].at)) backwards += 1;
    if (history[i].action === 'corrected' && history[i].previousAmount !== history[i - 1].amount)
      brokenChain += 1;
  }
  const corrections = history.filter((change) => change.action === 'corrected').length;
  return {
    tally,
    figures: [
      [
        `${parallel} corrections at once: accepted / in the history`,
        `${accepted} / ${corrections}`,
        false,
      ],
      [
        '  corrections accepted but missing, or recorded twice',
        Math.abs(accepted - corrections),
        true,
      ],
      ['  history times going back', backwards, true],
      ['  corrections not taking up the amount before', brokenChain, true],
    ],
  };
}
