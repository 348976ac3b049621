import type { Language } from '../../../domain/languages.ts';
import { composeMail } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

const texts: Record<
  Language,
  { subject: string; greeting: string; intro: string; action: string; note: string }
> = {
  en: {
    subject: 'Reset your password',
    greeting: 'Hello {name},',
    intro:
      'We received a request to reset the password of your account. Open the link below within one hour to choose a new password.',
    action: 'Choose a new password',
    note: 'The link works only once. If you did not ask for this, you can ignore this message: your password stays as it is.',
  },
  es: {
    subject: 'Restablece tu contraseña',
    greeting: 'Hola, {name}:',
    intro:
      'Hemos recibido una solicitud para restablecer la contraseña de tu cuenta. Abre el enlace de abajo dentro de una hora para elegir una contraseña nueva.',
    action: 'Elegir una contraseña nueva',
    note: 'El enlace solo funciona una vez. Si no lo has pedido, puedes ignorar este mensaje: tu contraseña no cambia.',
  },
  pt: {
    subject: 'Redefina sua senha',
    greeting: 'Olá, {name},',
    intro:
      'Recebemos um pedido para redefinir a senha da sua conta. Abra o link abaixo dentro de uma hora para escolher uma nova senha.',
    action: 'Escolher uma nova senha',
    note: 'O link funciona apenas uma vez. Se você não fez este pedido, pode ignorar esta mensagem: sua senha continua a mesma.',
  },
};

export function passwordResetMail(options: {
  to: string;
  username: string;
  language: Language;
  link: string;
}): MailMessage {
  const t = texts[options.language];
  return composeMail({
    to: options.to,
    language: options.language,
    subject: t.subject,
    blocks: [
      t.greeting.replace('{name}', options.username),
      t.intro,
      { link: options.link, label: t.action },
      t.note,
    ],
  });
}
