import type { $ZodConfig } from 'zod/v4/core';

// Zod compiles its object parsers with `new Function` where it may, and finds out by trying as
// each schema is built. Our Content Security Policy forbids eval, so every page that built a
// schema had the try refused and reported. Parsing without the compiler is ample for a browser's
// forms and answers; the server keeps the compiler.
//
// Imported first by the browser's entry, before any schema exists. Zod keeps its settings on
// `globalThis.__zod_globalConfig` (where `z.config()` writes them) so that every copy of it
// shares them; writing there directly spares the public pages Zod's 4 KB core, which importing
// `config` would bring. zod-config.test.ts checks that Zod still reads this setting.
const holder = globalThis as { __zod_globalConfig?: Partial<$ZodConfig> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };
