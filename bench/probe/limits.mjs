// Bursts against each limit (decision 0037): sent all at once, each must get exactly its limit
// through, on SQLite and PostgreSQL alike. Right passwords in a burst all get in; a burst mixing
// right and wrong passwords has no more wrong ones checked than the limit.
import sharp from 'sharp';
import { apiCall, createUser } from './api.mjs';
import { createTally, judge, nextAddress, send } from './http.mjs';
import { applicationPath, multipartBody } from './multipart.mjs';

// Attempts under one key are decided one after another, each sign-in checking a password: on a
// busy machine the last of a burst of 100 waits far longer than a single request would.
const burstTimeoutMs = 180_000;

const statusCount = (answers, status) => answers.filter((a) => a.status === status).length;

/** Sends `count` sign-ins at once; `pick(i)` gives each one's { username, password, address }. */
function signInBurst(port, tally, count, pick) {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const { username, password, address } = pick(i);
      const request = {
        method: 'POST',
        target: '/api/auth/login',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
        body: JSON.stringify({ username, password }),
        timeoutMs: burstTimeoutMs,
      };
      return { ...judge(tally, request, await send(port, request)), right: password !== 'wrong' };
    }),
  );
}

/** A burst of 12 (or `count`) complete applications from one address. */
async function applicationBurst(port, tally, count, tag) {
  const png = await sharp({
    create: { width: 16, height: 16, channels: 3, background: '#8a8' },
  })
    .png()
    .toBuffer();
  const address = nextAddress();
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const boundary = `----probeburst${i}`;
      const fields = {
        firstName: 'Probe',
        lastName: `Applicant ${i}`,
        email: `${tag}-${i}@example.com`,
        phone: '+1 305 555 0100',
        country: 'United States',
        city: 'Miami',
        state: 'Florida',
        socialAccounts: JSON.stringify([{ network: 'Instagram', handle: '@probe', followers: 10 }]),
        documentType: 'passport',
        documentNumber: `P${i}X1234`,
        personalMessage: 'A probe submission in a burst from one address, to meet the limit.',
        language: 'en',
      };
      const parts = [
        ...Object.entries(fields),
        { name: 'idDocument', file: png, filename: 'id.png', type: 'image/png' },
      ];
      const request = {
        method: 'POST',
        target: applicationPath,
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'x-forwarded-for': address,
        },
        body: multipartBody(boundary, parts),
        timeoutMs: burstTimeoutMs,
      };
      return judge(tally, request, await send(port, request));
    }),
  );
}

/** The bursts; answers [name, value, mustBeZero] figures and the tally of every answer. */
export async function limitBursts({ port, adminCookie, limits, tag }) {
  const tally = createTally();
  const { perAccountAndAddress, perAddress, perAccount } = limits.signIn;
  const right = 'probe-right-password-1';
  const account = async (name) => {
    const { id, response } = await createUser(port, adminCookie, `${tag}-${name}`, right);
    if (!id) throw new Error(`Creating ${tag}-${name} answered ${response.status}`);
    return `${tag}-${name}`;
  };
  const figures = [];
  const exactly = (name, answers, status, limit) => {
    const got = statusCount(answers, status);
    figures.push([`${name}: ${got} of ${answers.length} admitted (limit ${limit})`, got, false]);
    figures.push([`  admitted other than the limit`, Math.abs(got - limit), true]);
  };

  const owner = await account('owner');
  const address = nextAddress();
  const rights = await signInBurst(port, tally, 100, () => ({
    username: owner,
    password: right,
    address,
  }));
  figures.push(['100 right passwords at once: refused', 100 - statusCount(rights, 200), true]);

  const guessed = await account('guessed');
  const guessAddress = nextAddress();
  const guesses = await signInBurst(port, tally, 100, () => ({
    username: guessed,
    password: 'wrong',
    address: guessAddress,
  }));
  exactly('100 wrong passwords, one account and address', guesses, 401, perAccountAndAddress);

  const namesAddress = nextAddress();
  const names = await signInBurst(port, tally, perAddress + 50, (i) => ({
    username: `${tag}-nobody-${i}`,
    password: 'wrong',
    address: namesAddress,
  }));
  exactly(`${perAddress + 50} names from one address`, names, 401, perAddress);

  const target = await account('target');
  const spread = await signInBurst(port, tally, perAccount + 50, () => ({
    username: target,
    password: 'wrong',
    address: nextAddress(),
  }));
  exactly(`${perAccount + 50} addresses at one account`, spread, 401, perAccount);

  figures.push(
    ...(await mixedBurst(port, tally, await account('mixed'), right, perAccountAndAddress)),
  );

  const resetAddress = nextAddress();
  const resets = await Promise.all(
    Array.from({ length: 50 }, () =>
      apiCall(port, {
        method: 'POST',
        target: '/api/auth/forgot-password',
        body: { username: owner },
        address: resetAddress,
        timeoutMs: burstTimeoutMs,
      }).then((answer) =>
        judge(tally, { method: 'POST', target: '/api/auth/forgot-password' }, answer),
      ),
    ),
  );
  exactly('50 forgotten-password requests, one address', resets, 202, limits.resetRequests);

  const applications = await applicationBurst(port, tally, 12, tag);
  exactly('12 applications, one address', applications, 201, limits.applications);
  return { figures, tally };
}

/** Right and wrong passwords interleaved, at once: wrong ones checked must not pass the limit. */
async function mixedBurst(port, tally, username, right, limit) {
  const address = nextAddress();
  const answers = await signInBurst(port, tally, 60, (i) => ({
    username,
    password: i % 2 ? right : 'wrong',
    address,
  }));
  const checkedWrong = answers.filter((a) => !a.right && a.status === 401).length;
  const admitted = answers.filter((a) => a.right && a.status === 200).length;
  return [
    [
      `30 right + 30 wrong at once: right admitted / wrong checked`,
      `${admitted} / ${checkedWrong}`,
      false,
    ],
    ['  wrong passwords checked past the limit', Math.max(0, checkedWrong - limit), true],
  ];
}
