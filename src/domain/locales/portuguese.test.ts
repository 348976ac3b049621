import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Portuguese is written one way: Brazilian, as the screens were, with one word for each thing,
 * across every catalogue (screens, mails and notifications) and any `pt:` text in server code.
 */
const root = join(import.meta.dirname, '..', '..', '..');

function filesUnder(folder: string, extension: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(extension) && !name.endsWith(`.test${extension}`))
    .map((name) => join(folder, name));
}

/** Every string of a JSON catalogue, however deeply nested (the legal documents are). */
function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

/**
 * The string literals of each `pt:` entry in a server source file: a string, an object of
 * strings, or of functions that build one (`subject: (title) => \`Aprovada: ${title}\``). The
 * entry runs to the comma or closing bracket that ends it; every literal inside it is read.
 */
function serverPortuguese(source: string): string[] {
  const found: string[] = [];
  const literal = /'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`/y;
  for (const match of source.matchAll(/\bpt:\s*/g)) {
    let depth = 0;
    for (let at = match.index + match[0].length; at < source.length;) {
      literal.lastIndex = at;
      const text = literal.exec(source);
      if (text) {
        found.push(text[1] ?? text[2] ?? text[3] ?? '');
        at = literal.lastIndex;
        continue;
      }
      const character = source[at]!;
      if ('({['.includes(character)) depth += 1;
      else if (')}]'.includes(character)) depth -= 1;
      if (depth < 0 || (depth === 0 && (character === ',' || character === ';'))) break;
      at += 1;
    }
  }
  return found;
}

const texts: { where: string; text: string }[] = [
  ...filesUnder('src/domain/locales/pt', '.json').flatMap((file) =>
    stringsOf(JSON.parse(readFileSync(join(root, file), 'utf8'))).map((text) => ({
      where: file,
      text,
    })),
  ),
  ...filesUnder('src/server', '.ts').flatMap((file) =>
    serverPortuguese(readFileSync(join(root, file), 'utf8')).map((text) => ({ where: file, text })),
  ),
];

/** European forms and the second word for a thing, each with the Brazilian word the screens use. */
const notOurPortuguese: { pattern: RegExp; use: string }[] = [
  { pattern: /(^|[.:!?]\s+)(A|O)\s+(sua|seu|suas|seus)\b/u, use: 'Sua/Seu without the article' },
  { pattern: /\w+-lhe\b/u, use: 'a você' },
  { pattern: /\bestá a \p{L}+r\b/u, use: 'está + gerúndio (está analisando)' },
  { pattern: /\b(contacte|contactar|contacto)\b/iu, use: 'entre em contato / contato' },
  { pattern: /\butilizador/iu, use: 'usuário' },
  { pattern: /\bregisto/iu, use: 'registro' },
  { pattern: /\bficheiro/iu, use: 'arquivo' },
  { pattern: /\becrã/iu, use: 'tela' },
  { pattern: /\btelemóvel/iu, use: 'celular' },
  { pattern: /\bequipa\b/iu, use: 'equipe' },
  { pattern: /\bpalavra-passe/iu, use: 'senha' },
  { pattern: /\bdefinições\b/iu, use: 'Configurações' },
  { pattern: /\bcompensaç(ão|ões)/iu, use: 'remuneração' },
  { pattern: /\bcandidatura/iu, use: 'inscrição' },
  { pattern: /\brevis(ão|ões|ar|ad[oa]s?)\b/iu, use: 'avaliação / avaliar (a review of work)' },
];

describe('Portuguese', () => {
  it('reads the texts of the screens, the notifications and the mails', () => {
    const mailTexts = texts.filter((entry) => entry.where.startsWith('src/domain/locales/pt/mail'));
    expect(mailTexts.length).toBeGreaterThan(20);
    expect(texts.length).toBeGreaterThan(500);
    // The task review mails, which the mail catalogue holds.
    expect(mailTexts.map((entry) => entry.text)).toContain('Alterações solicitadas: {{title}}');
  });

  it('is Brazilian and has one word for each thing, on screens, in notifications and in mails', () => {
    const found = texts.flatMap(({ where, text }) =>
      notOurPortuguese
        .filter(({ pattern }) => pattern.test(text))
        .map(({ use }) => `${where}: "${text.slice(0, 80)}" (use ${use})`),
    );
    expect(found).toEqual([]);
  });
});
