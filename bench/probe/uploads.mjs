// Resumable task uploads (tus at /api/uploads, decision 0039): a create carrying the whole file
// answers success with the file stored once; parallel final PATCHes record the file once, the
// others answering the finished state, never a 5xx; an upload that never started can be seen and
// discarded by its owner, and one whose bytes never reached the store gives its place back.
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { apiCall, mustCall } from './api.mjs';
import { createTally, judge, send } from './http.mjs';

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex');

/** An MP4 of `size` bytes: its ftyp and mdat boxes, then bytes that differ everywhere. */
export function video(size) {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.alloc(4),
    Buffer.from('isommp42', 'latin1'),
  ]);
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(size - ftyp.length);
  mdat.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, mdat, randomBytes(size - ftyp.length - 8)]);
}

/** The tus calls of one creator on one task. */
export function tusClient(port, { cookie, taskId }, tally) {
  const call = async (method, target, headers = {}, body) => {
    const request = {
      method,
      target,
      headers: { 'tus-resumable': '1.0.0', cookie, ...headers },
      body,
    };
    return judge(tally, request, await send(port, request));
  };
  const metadata = (name) =>
    `taskId ${Buffer.from(taskId).toString('base64')},filename ${Buffer.from(name).toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
  const octets = { 'content-type': 'application/offset+octet-stream' };
  return {
    create: (length, name, bytes) =>
      call(
        'POST',
        '/api/uploads',
        {
          'upload-length': String(length),
          'upload-metadata': metadata(name),
          ...(bytes && octets),
        },
        bytes,
      ),
    patch: (location, offset, bytes) =>
      call('PATCH', location, { 'upload-offset': String(offset), ...octets }, bytes),
    head: (location) => call('HEAD', location),
    remove: (location) => call('DELETE', location),
    task: () => mustCall(port, { method: 'GET', target: `/api/tasks/${taskId}`, cookie }),
    unfinished: () =>
      mustCall(port, { method: 'GET', target: `/api/tasks/${taskId}/unfinished-uploads`, cookie }),
    discard: (id) =>
      apiCall(port, {
        method: 'DELETE',
        target: `/api/tasks/${taskId}/unfinished-uploads/${id}`,
        cookie,
      }),
    download: async (fileUrl) => {
      const answer = await fetch(`http://127.0.0.1:${port}${fileUrl}`, { headers: { cookie } });
      return Buffer.from(await answer.arrayBuffer());
    },
  };
}

const named = (task, name) => task.uploads.filter((upload) => upload.fileName === name);

/** A create carrying the whole file: 201 with the full offset, the file recorded once. */
async function creationWithUpload(tus) {
  const file = video(40_000);
  const created = await tus.create(file.length, 'whole.mp4', file);
  const asked = created.headers.location ? await tus.head(created.headers.location) : undefined;
  const stored = named(await tus.task(), 'whole.mp4');
  return {
    status: created.status,
    offset: created.headers['upload-offset'],
    headStatus: asked?.status,
    stored: stored.length,
    ok:
      created.status === 201 &&
      created.headers['upload-offset'] === String(file.length) &&
      stored.length === 1,
  };
}

/** `parallel` PATCHes of the last bytes at once, `rounds` times: one 200 each round, the rest 204. */
async function parallelFinishes(tus, { rounds, parallel }) {
  const result = { statuses: {}, wrongWinners: 0, wrongOffsets: 0, lostFiles: 0, badBytes: 0 };
  for (let round = 1; round <= rounds; round += 1) {
    const file = video(300_000);
    const last = file.length - 1000;
    const name = `race-${round}.mp4`;
    const location = (await tus.create(file.length, name)).headers.location;
    await tus.patch(location, 0, file.subarray(0, last));
    const answers = await Promise.all(
      Array.from({ length: parallel }, () => tus.patch(location, last, file.subarray(last))),
    );
    for (const answer of answers)
      result.statuses[answer.status] = (result.statuses[answer.status] ?? 0) + 1;
    if (answers.filter((answer) => answer.status === 200).length !== 1) result.wrongWinners += 1;
    result.wrongOffsets += answers.filter(
      (answer) => answer.status === 204 && answer.headers['upload-offset'] !== String(file.length),
    ).length;
    const stored = named(await tus.task(), name);
    if (stored.length !== 1) result.lostFiles += Math.abs(1 - stored.length);
    else if (sha256(await tus.download(stored[0].fileUrl)) !== sha256(file)) result.badBytes += 1;
  }
  return result;
}

/**
 * Unfinished uploads: one under way is listed and discarded by its owner; two whose bytes never
 * reached the store (what a process stopped between its claim and the store's first write leaves)
 * give their place back, one by the tus DELETE, the other when it is asked after.
 */
async function unfinishedUploads(tus, dataDir) {
  const store = path.join(dataDir, 'storage', 'resumable-uploads');
  const idOf = (location) => location.split('/').at(-1);
  const started = (await tus.create(5000, 'waiting.mp4')).headers.location;
  const listed = (await tus.unfinished()).items.map((item) => item.id);
  const discarded = (await tus.discard(idOf(started))).status;
  const never = [];
  for (const name of ['never-1.mp4', 'never-2.mp4']) {
    const location = (await tus.create(5000, name)).headers.location;
    for (const file of [idOf(location), `${idOf(location)}.json`])
      fs.rmSync(path.join(store, file), { force: true });
    never.push(location);
  }
  const cancelled = (await tus.remove(never[0])).status;
  const asked = (await tus.head(never[1])).status;
  const left = (await tus.unfinished()).items.length;
  const count = (await tus.task()).unfinishedUploadCount;
  return {
    listed: listed.includes(idOf(started)),
    discarded,
    cancelled,
    asked,
    left: Math.max(left, count ?? 0),
  };
}

/** The three checks on one creator's task; answers [name, value, mustBeZero] figures. */
export async function uploadChecks({ port, creator, dataDir }) {
  const tally = createTally();
  const tus = tusClient(port, creator, tally);
  const whole = await creationWithUpload(tus);
  const race = await parallelFinishes(tus, { rounds: 3, parallel: 10 });
  const unfinished = await unfinishedUploads(tus, dataDir);
  const figures = [
    [
      'creation-with-upload: status, offset, HEAD after, files stored',
      `${whole.status}, ${whole.offset}, ${whole.headStatus}, ${whole.stored}`,
      false,
    ],
    ['  creation-with-upload not 201 with the file stored once', whole.ok ? 0 : 1, true],
    ['3 rounds of 10 final PATCHes at once: statuses', JSON.stringify(race.statuses), false],
    ['  rounds without exactly one finish', race.wrongWinners, true],
    ['  204s without the full offset', race.wrongOffsets, true],
    ['  files lost or doubled / bytes changed', race.lostFiles + race.badBytes, true],
    [
      'unfinished: listed, discarded, DELETE unstarted, HEAD unstarted, left',
      `${unfinished.listed}, ${unfinished.discarded}, ${unfinished.cancelled}, ${unfinished.asked}, ${unfinished.left}`,
      false,
    ],
    [
      '  unfinished uploads not freed',
      (unfinished.listed ? 0 : 1) +
        (unfinished.discarded === 204 ? 0 : 1) +
        (unfinished.cancelled === 204 ? 0 : 1) +
        (unfinished.asked === 404 ? 0 : 1) +
        unfinished.left,
      true,
    ],
  ];
  return { figures, tally };
}
