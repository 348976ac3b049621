// Mails of acknowledged acts after kill -9 (decision 0038: every mail is written to the outbox in
// the act's transaction and delivered from there). A real SMTP server on a local port receives
// what the server sends; publications made during the kill -9 rounds carry a tag in their notes,
// which the mail repeats, so each acknowledged publication's mails are counted: none missing,
// duplicates (a kill between the mail server taking a mail and the row marked sent) reported.
import { SMTPServer } from 'smtp-server';
import { apiCall } from './api.mjs';

const tagPattern = /probepay\d+x\d+x\d+/g;

/** A local SMTP server counting, per tag, the messages that carry it. */
export async function startMailCatcher() {
  const counts = new Map();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        received += 1;
        for (const tag of tagsIn(Buffer.concat(chunks).toString('latin1')))
          counts.set(tag, (counts.get(tag) ?? 0) + 1);
        callback();
      });
    },
  });
  // A server killed mid-mail resets its connection: expected here, not the probe's failure.
  server.on('error', () => {});
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${server.server.address().port}`,
    counts,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The tags a raw message carries, read through quoted-printable breaks and base64 parts. */
function tagsIn(raw) {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const decoded = (unfolded.match(/^[A-Za-z0-9+/=\r\n]{40,}$/gm) ?? []).map((block) =>
    Buffer.from(block.replace(/\s/g, ''), 'base64').toString('latin1'),
  );
  return new Set([unfolded, ...decoded].flatMap((text) => text.match(tagPattern) ?? []));
}

/**
 * Lanes for crash rounds that publish pay: each makes a draft for its own creator (a month of its
 * own, the tag in its notes) and publishes it; a complete 200 to the publication is the promise.
 */
export function payLanes(creatorIds) {
  return creatorIds.map((userId) => {
    let period = 0;
    return {
      name: 'publications',
      async write({ port, cookie, round, lane, n }) {
        const tag = `probepay${round}x${lane}x${n}`;
        period += 1;
        const draft = await apiCall(port, {
          method: 'POST',
          target: '/api/admin/compensations',
          cookie,
          body: {
            userId,
            month: (period % 12) + 1,
            year: 2020 + Math.floor(period / 12),
            amount: '1500.00',
            notes: tag,
          },
        });
        if (draft.status !== 201) return draft.status === 0 ? null : undefined;
        const published = await apiCall(port, {
          method: 'POST',
          target: `/api/admin/compensations/${draft.json.id}/publish`,
          cookie,
        });
        if (published.status === 200) return { tag };
        return published.status === 0 ? null : undefined;
      },
    };
  });
}

/**
 * Call after the last kill, with no server running. A mail claimed by a killed process waits
 * for its claim (five minutes) to run out: the claims are made to have run out, as five minutes
 * on would. Then `deliver()` starts a server and waits until nothing is left to send.
 */
export async function expireDeadClaims(target) {
  const [result] = await target.rows(
    'update mail_outbox set claimed_until = created_at where sent_at is null and failed_at is null and claimed_until is not null',
  );
  return result?.changes ?? 0;
}

/** Waits (at most `waitMs`) until the outbox holds nothing to send and every tag has come. */
export async function waitForDelivery(target, catcher, tags, waitMs = 60_000) {
  const started = performance.now();
  for (;;) {
    const [{ n }] = await target.rows(
      'select count(*) as n from mail_outbox where sent_at is null and failed_at is null',
    );
    const arrived = tags.every((tag) => catcher.counts.has(tag));
    if ((Number(n) === 0 && arrived) || performance.now() - started > waitMs) return Number(n);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The figures: mails per acknowledged publication. */
export function mailFigures(catcher, acknowledged, { expiredClaims, unsent }) {
  const tags = acknowledged.map((ack) => ack.tag);
  const missing = tags.filter((tag) => !catcher.counts.has(tag));
  const duplicated = [...catcher.counts.values()].filter((count) => count > 1).length;
  const unacknowledged = [...catcher.counts.keys()].filter((tag) => !tags.includes(tag)).length;
  return {
    missing,
    figures: [
      ['acknowledged publications', tags.length, false],
      ['  their mails missing after restart', missing.length, true],
      ['  mails sent more than once (publications)', duplicated, false],
      ['  unacknowledged publications that mailed (committed, answer lost)', unacknowledged, false],
      ['  claims of killed processes run out by hand', expiredClaims, false],
      ['  mails still unsent in the outbox', unsent, true],
    ],
  };
}
