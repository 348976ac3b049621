import type { Language } from '../../../domain/languages.ts';
import type { User } from '../../../domain/users.ts';
import type { Deps } from '../../deps.ts';
import { createUserAccount } from '../../modules/users/service.ts';

/** Every demo account's email is at this domain; that is how the seed recognises its own. */
export const demoEmailDomain = 'demo.example';

/** The demo's sign-ins, as the README lists them. */
export const demoLogins = [
  { username: 'demo_admin', password: 'demo-admin-pass', role: 'Administrator' },
  { username: 'demo_maria', password: 'demo-creator-pass', role: 'Creator (Portuguese)' },
  { username: 'demo_lucas', password: 'demo-creator-pass', role: 'Creator (Spanish)' },
  { username: 'demo_sofia', password: 'demo-creator-pass', role: 'Creator, just joined' },
] as const;

const creators: {
  username: string;
  firstName: string;
  lastName: string | null;
  language: Language;
}[] = [
  { username: 'demo_maria', firstName: 'Maria', lastName: 'Silva', language: 'pt' },
  { username: 'demo_lucas', firstName: 'Lucas', lastName: 'Moreno', language: 'es' },
  { username: 'demo_sofia', firstName: 'Sofia', lastName: null, language: 'en' },
];

/** The demo agency's people: its manager and three creators, each welcomed by a notification. */
export interface DemoPeople {
  admin: User;
  maria: User;
  lucas: User;
  sofia: User;
}

export async function seedPeople(deps: Deps): Promise<DemoPeople> {
  const admin = await createUserAccount(deps, {
    username: 'demo_admin',
    email: `admin@${demoEmailDomain}`,
    password: 'demo-admin-pass',
    firstName: 'Demo',
    lastName: 'Manager',
    isAdmin: true,
  });
  const people: User[] = [];
  for (const creator of creators) {
    people.push(
      await createUserAccount(deps, {
        username: creator.username,
        email: `${creator.username.replace('demo_', '')}@${demoEmailDomain}`,
        password: 'demo-creator-pass',
        firstName: creator.firstName,
        lastName: creator.lastName,
        isAdmin: false,
        preferredLanguage: creator.language,
      }),
    );
  }
  const [maria, lucas, sofia] = people;
  if (!maria || !lucas || !sofia) throw new Error('Demo creators were not created');
  return { admin, maria, lucas, sofia };
}
