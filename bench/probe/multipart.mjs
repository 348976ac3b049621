// Multipart abuse of the public application form (POST /api/applications-v2: text fields, then
// the file idDocument): many parts, too many fields, huge fields, no boundary, the file first,
// bodies cut short or closed midway, broken part headers, wrong field types. No case is a whole
// valid application, so none may be accepted. Each comes from its own address (X-Forwarded-For)
// so the per-address submission limit does not answer 429 before the parser runs.
import { nextAddress } from './http.mjs';
import { sample } from './schema.mjs';

export const applicationPath = '/api/applications-v2';

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(2048, 7),
]);

/** The form's fields as the browser sends them (social accounts as JSON text). */
function formFields(schema, email) {
  const values = sample(schema);
  values.email = email;
  return Object.entries(values).map(([name, value]) => [
    name,
    typeof value === 'string' ? value : JSON.stringify(value),
  ]);
}

/** A multipart body from parts: [name, value] text fields, or { file, name, filename, type }. */
export function multipartBody(boundary, parts, { close = true } = {}) {
  const chunks = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`, 'latin1'));
    if (Array.isArray(part)) {
      chunks.push(
        Buffer.from(`Content-Disposition: form-data; name="${part[0]}"\r\n\r\n`, 'latin1'),
      );
      chunks.push(Buffer.isBuffer(part[1]) ? part[1] : Buffer.from(part[1]));
    } else if (part.raw) {
      chunks.push(Buffer.from(part.raw, 'latin1'));
    } else {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename ?? 'id.png'}"\r\nContent-Type: ${part.type ?? 'image/png'}\r\n\r\n`,
          'latin1',
        ),
      );
      chunks.push(part.file);
    }
    chunks.push(Buffer.from('\r\n'));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** The cases, `rounds` times over with seeded variation (which field breaks, where a body stops). */
export function multipartCases({ applicationFields, rand, rounds }) {
  const cases = [];
  for (let round = 0; round < rounds; round += 1) {
    const boundary = `----probe${round}x${rand.int(1e9)}`;
    const fields = formFields(applicationFields, `probe-${round}-${rand.int(1e9)}@example.com`);
    const file = { name: 'idDocument', file: png };
    // Each case lacks something the form needs or breaks its shape, so a 2xx would be wrong.
    const without = (name) => fields.filter(([field]) => field !== name);
    const dropped = rand.pick(applicationFields.required ?? ['email']);
    const add = (refuse, parts, extra = {}) => {
      const {
        contentType = `multipart/form-data; boundary=${boundary}`,
        headers,
        ...request
      } = extra;
      cases.push({
        method: 'POST',
        target: applicationPath,
        headers: {
          'x-forwarded-for': nextAddress(),
          ...(contentType ? { 'content-type': contentType } : {}),
          ...headers,
        },
        body: Buffer.isBuffer(parts) ? parts : multipartBody(boundary, parts),
        refuse,
        ...request,
      });
    };
    const extraFields = (count) => Array.from({ length: count }, (_, i) => [`extra${i}`, 'x']);

    add('100 parts', [...without(dropped), ...extraFields(100 - fields.length), file]);
    add('21+ text fields then the file', [
      ...fields,
      ...extraFields(21 - fields.length + rand.int(5)),
      file,
    ]);
    add('a field over 64 KB', [
      ...without('personalMessage'),
      ['personalMessage', 'm'.repeat(70_000 + rand.int(10_000))],
      file,
    ]);
    add('a 1 MB field', [
      ...without('personalMessage'),
      ['personalMessage', 'm'.repeat(1024 * 1024)],
      file,
    ]);
    add('a field name of 10 KB', [...without(dropped), ['n'.repeat(10_000), 'x'], file]);
    add('no boundary in Content-Type', [...without(dropped), file], {
      contentType: 'multipart/form-data',
    });
    add('another boundary in the body', [...without(dropped), file], {
      contentType: 'multipart/form-data; boundary=nope',
    });
    add('boundary of 200 characters', [...without(dropped), file], {
      contentType: `multipart/form-data; boundary=${'b'.repeat(200)}`,
    });
    add('the file first', [file, ...fields]);
    add('two files', [...fields.slice(0, -1), file, file]);
    add('the file under another name', [...fields, { ...file, name: 'passport' }]);
    add('no file', fields);
    add('no parts', []);
    add('a part without headers', [...without(dropped), { raw: '\r\nvalue' }, file]);
    add('a part without a name', [
      ...without(dropped),
      { raw: 'Content-Disposition: form-data\r\n\r\nvalue' },
      file,
    ]);
    add('bad UTF-8 and NUL in names and values', [
      ...without(dropped),
      ['na\xffme\x00', Buffer.from([0xff, 0xfe, 0, 0xc0, 0xaf])],
      file,
    ]);
    add('NUL in every value', [
      ...fields.map(([name, value]) => [name, `${value}\u0000`]),
      ['email', 'not-an-email'],
      file,
    ]);
    add('social accounts not JSON', [
      ...without('socialAccounts'),
      ['socialAccounts', '[{"network":'],
      file,
    ]);
    add('social accounts 10,000 deep', [
      ...without('socialAccounts'),
      ['socialAccounts', '['.repeat(10_000) + ']'.repeat(10_000)],
      file,
    ]);
    add('followers as text', [
      ...without('socialAccounts'),
      [
        'socialAccounts',
        JSON.stringify([{ network: 'Instagram', handle: 'x', followers: 'many' }]),
      ],
      file,
    ]);
    add('21 social accounts', [
      ...without('socialAccounts'),
      [
        'socialAccounts',
        JSON.stringify(
          Array.from({ length: 21 }, () => ({ network: 'Instagram', handle: 'x', followers: 1 })),
        ),
      ],
      file,
    ]);
    add('country not in the list', [...without('country'), ['country', 'Atlantis'], file]);
    add('a text file as the document', [
      ...fields,
      {
        ...file,
        file: Buffer.from('plain text, not a document'),
        type: 'text/plain',
        filename: 'id.txt',
      },
    ]);
    add('an empty file', [...fields, { ...file, file: Buffer.alloc(0) }]);
    add(
      'no closing boundary',
      multipartBody(boundary, [...without(dropped), file], { close: false }),
    );
    add('JSON instead of a form', Buffer.from(JSON.stringify(Object.fromEntries(fields))), {
      contentType: 'application/json',
    });
    add('urlencoded instead of a form', Buffer.from(new URLSearchParams(fields).toString()), {
      contentType: 'application/x-www-form-urlencoded',
    });
    add('no Content-Type', [...without(dropped), file], { contentType: '' });

    // A whole valid form, never sent whole: it stops inside the file, or its length is refused.
    const whole = multipartBody(boundary, [...fields, file]);
    const inside = () => 1 + rand.int(whole.length - 64);
    add('declared Content-Length larger than sent', whole, { mode: 'short', sendBytes: inside() });
    add('Content-Length of 100 MB', whole, {
      mode: 'short',
      sendBytes: whole.length,
      headers: { 'content-length': String(100 * 1024 * 1024) },
    });
    // Closed midway: there is no answer to wait for; the server must simply survive it.
    add(undefined, whole, { mode: 'cut', sendBytes: inside() });
  }
  return cases;
}
