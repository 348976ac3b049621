import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each language is written one way (decision 0042): one form of address, and one word for each
 * thing and each act, across every catalogue (screens, mails, notifications, legal documents)
 * and any `es:`/`pt:` text in server code. Portuguese is Brazilian, as the screens were.
 */
const root = join(import.meta.dirname, '..', '..', '..');

function filesUnder(folder: string, extension: string): string[] {
  return readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith(extension) && !name.endsWith(`.test${extension}`))
    .map((name) => join(folder, name));
}

/** Every string of a JSON catalogue with its key, however deeply nested (the legal documents are). */
function stringsOf(value: unknown, key = ''): { key: string; text: string }[] {
  if (typeof value === 'string') return [{ key, text: value }];
  if (Array.isArray(value)) return value.flatMap((item) => stringsOf(item, key));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([name, item]) => stringsOf(item, key || name));
  }
  return [];
}

/**
 * The string literals of each `<language>:` entry in a server source file: a string, an object
 * of strings, or of functions that build one (`subject: (title) => \`Aprovada: ${title}\``). The
 * entry runs to the comma or closing bracket that ends it; every literal inside it is read.
 */
function serverTexts(source: string, language: string): string[] {
  const found: string[] = [];
  const literal = /'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`/y;
  for (const match of source.matchAll(new RegExp(`\\b${language}:\\s*`, 'g'))) {
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

type Text = { where: string; key: string; text: string };

function textsOf(language: 'es' | 'pt'): Text[] {
  return [
    ...filesUnder(`src/domain/locales/${language}`, '.json').flatMap((file) =>
      stringsOf(JSON.parse(readFileSync(join(root, file), 'utf8'))).map((entry) => ({
        where: file,
        ...entry,
      })),
    ),
    ...filesUnder('src/server', '.ts').flatMap((file) =>
      serverTexts(readFileSync(join(root, file), 'utf8'), language).map((text) => ({
        where: file,
        key: '',
        text,
      })),
    ),
  ];
}

/** A way of writing the language does not use, with what it uses instead; `keys` narrows it. */
type Rule = { pattern: RegExp; use: string; keys?: RegExp };

/** Spanish says tú (as nearly all its texts did), compensación, subir and entregar. */
const notOurSpanish: Rule[] = [
  { pattern: /\bustede?s?\b/iu, use: 'tú' },
  { pattern: /\ble (hemos|enviamos|enviaremos|pedimos|recomendamos)\b/iu, use: 'te …' },
  {
    pattern:
      /\b(introduzca|ingrese|haga clic|revise|intente|inténtelo|póngase|escriba|seleccione|verifique|compruebe|contacte|espere|vuelva)\b/iu,
    use: 'the tú imperative (introduce, revisa, inténtalo…)',
  },
  { pattern: /\b(su|sus) (correo|contraseña|cuenta|perfil|tarea)s? (de usted)\b/iu, use: 'tu' },
  { pattern: /\bremuneraci(ón|ones)\b/iu, use: 'compensación' },
  {
    pattern: /\b(envi\w*|mand\w*)\b(\s+\S+){0,2}\s+(a|para)\s+revisión\b/iu,
    use: 'entregar para revisión (handing in work)',
  },
  { pattern: /\b(envi\w*|mand\w*)\s+(la\s+)?tarea\b/iu, use: 'entregar la tarea' },
  {
    pattern: /\b(envió|enviad[ao]s?)\b/iu,
    use: 'entregó / entregada',
    keys: /^(tasks|notification\.task|message\.task)/,
  },
];

/** European forms and the second word for a thing, each with the Brazilian word the screens use. */
const notOurPortuguese: Rule[] = [
  { pattern: /(^|[.:!?]\s+)(A|O)\s+(sua|seu|suas|seus)\b/u, use: 'Sua/Seu without the article' },
  { pattern: /\w+-lhe\b/u, use: 'a você' },
  { pattern: /\bestá a \p{L}+r\b/u, use: 'está + gerúndio (está analisando)' },
  { pattern: /\b(tu|teu|tua|teus|tuas|contigo)\b/iu, use: 'você / seu' },
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
  // Enviar is for files (upload); handing in a task is entregar, and its status Entregue.
  {
    pattern:
      /\b(envi\w*|mand\w*|submet\w*|submeta)\b(\s+\S+){0,3}\s+(a|para)\s+(avaliação|análise)\b/iu,
    use: 'entregar para avaliação',
  },
  { pattern: /\b(envi\w*|mand\w*|submet\w*)\s+(a\s+)?tarefa\b/iu, use: 'entregar a tarefa' },
  // Submeter is for a jurisdiction in the legal texts, never for handing in work.
  { pattern: /(?<!\bse )\bsubmet\w*/iu, use: 'entregar' },
  {
    pattern: /\b(enviou|enviad[ao]s?)\b/iu,
    use: 'entregou / entregue',
    keys: /^(tasks\.(status|counter|admin|review\.submitted)|notification\.task|message\.task\.(move|review))/,
  },
];

function offences(texts: Text[], rules: Rule[]): string[] {
  return texts.flatMap(({ where, key, text }) =>
    rules
      .filter(({ pattern, keys }) => (!keys || keys.test(key)) && pattern.test(text))
      .map(({ use }) => `${where} ${key}: "${text.slice(0, 80)}" (use ${use})`),
  );
}

describe('wording', () => {
  it('reads the texts of the screens, the notifications and the mails', () => {
    for (const language of ['es', 'pt'] as const) {
      const texts = textsOf(language);
      const mailTexts = texts.filter((entry) =>
        entry.where.startsWith(`src/domain/locales/${language}/mail`),
      );
      expect(mailTexts.length).toBeGreaterThan(20);
      expect(texts.length).toBeGreaterThan(500);
      expect(texts.some((entry) => entry.key === 'tasks.status.submitted')).toBe(true);
    }
    // The task review mails, which the mail catalogue holds.
    expect(textsOf('pt').map((entry) => entry.text)).toContain('Alterações solicitadas: {{title}}');
  });

  it('Spanish says tú, and has one word for each thing and each act', () => {
    expect(offences(textsOf('es'), notOurSpanish)).toEqual([]);
  });

  it('Portuguese is Brazilian, says você, and has one word for each thing and each act', () => {
    expect(offences(textsOf('pt'), notOurPortuguese)).toEqual([]);
  });
});
