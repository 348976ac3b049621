import type { NotifyInput } from '../notifications/notify.ts';

/** What a person finds in their bell when their account is created, naming the site (SITE_NAME). */
export function welcomeNotice(siteName: string): NotifyInput {
  return {
    type: 'system',
    title: {
      en: `Welcome to ${siteName}`,
      es: `Te damos la bienvenida a ${siteName}`,
      pt: `Boas-vindas à ${siteName}`,
    },
    message: {
      en: 'Your account is ready. You can change your password and language in Settings.',
      es: 'Tu cuenta está lista. Puedes cambiar tu contraseña y tu idioma en Configuración.',
      pt: 'Sua conta está pronta. Você pode alterar sua senha e seu idioma em Configurações.',
    },
  };
}

/** Sent when an administrator sets someone's password, so the change never goes unnoticed. */
export const passwordChangedByAdminNotice: NotifyInput = {
  type: 'system',
  title: {
    en: 'Your password was changed',
    es: 'Tu contraseña ha cambiado',
    pt: 'Sua senha foi alterada',
  },
  message: {
    en: 'An administrator changed your password. Use the new password the next time you sign in. If you did not expect this, contact the agency.',
    es: 'Un administrador ha cambiado tu contraseña. Usa la contraseña nueva la próxima vez que inicies sesión. Si no lo esperabas, contacta con la agencia.',
    pt: 'Um administrador alterou sua senha. Use a nova senha na próxima vez que entrar. Se você não esperava por isso, entre em contato com a agência.',
  },
};
