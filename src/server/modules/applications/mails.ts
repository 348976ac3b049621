import type { Language } from '../../../domain/languages.ts';
import { composeMail } from '../../mail/layout.ts';
import type { MailMessage } from '../../mail/mailer.ts';

const invitationTexts: Record<
  Language,
  {
    subject: string;
    greeting: string;
    intro: string;
    username: string;
    action: string;
    note: string;
  }
> = {
  en: {
    subject: 'Your application was approved: choose your password',
    greeting: 'Hello {name},',
    intro:
      'Congratulations: your application to join the agency was approved and your account is ready. Open the link below within 7 days to choose your password.',
    username: 'Your username is {username}. You can also sign in with this email address.',
    action: 'Choose my password',
    note: 'The link works only once. If it has expired, use "Forgot password" on the sign-in page with this email address to get a new one.',
  },
  es: {
    subject: 'Tu solicitud ha sido aprobada: elige tu contraseña',
    greeting: 'Hola, {name}:',
    intro:
      'Enhorabuena: tu solicitud para unirte a la agencia ha sido aprobada y tu cuenta está lista. Abre el enlace de abajo dentro de 7 días para elegir tu contraseña.',
    username:
      'Tu nombre de usuario es {username}. También puedes iniciar sesión con esta dirección de correo.',
    action: 'Elegir mi contraseña',
    note: 'El enlace solo funciona una vez. Si ha caducado, usa «¿Olvidaste tu contraseña?» en la página de inicio de sesión con esta dirección de correo para recibir uno nuevo.',
  },
  pt: {
    subject: 'Sua inscrição foi aprovada: escolha sua senha',
    greeting: 'Olá, {name},',
    intro:
      'Parabéns: sua inscrição para entrar na agência foi aprovada e sua conta está pronta. Abra o link abaixo dentro de 7 dias para escolher sua senha.',
    username:
      'Seu nome de usuário é {username}. Você também pode entrar com este endereço de e-mail.',
    action: 'Escolher minha senha',
    note: 'O link funciona apenas uma vez. Se ele tiver expirado, use "Esqueceu a senha?" na página de entrada com este endereço de e-mail para receber um novo.',
  },
};

/** The approved applicant's invitation: their username and a link to choose a password. */
export function invitationMail(options: {
  to: string;
  firstName: string;
  username: string;
  language: Language;
  link: string;
}): MailMessage {
  const t = invitationTexts[options.language];
  return composeMail({
    to: options.to,
    language: options.language,
    subject: t.subject,
    blocks: [
      t.greeting.replace('{name}', options.firstName),
      t.intro,
      { link: options.link, label: t.action },
      t.username.replace('{username}', options.username),
      t.note,
    ],
  });
}

const rejectionTexts: Record<
  Language,
  { subject: string; greeting: string; paragraphs: string[]; closing: string }
> = {
  en: {
    subject: 'About your application',
    greeting: 'Hello {name},',
    paragraphs: [
      'Thank you for applying to join the agency and for the time you took to tell us about yourself.',
      'We review every application carefully and can only accept a small number of creators. After careful consideration, we are not able to offer you a place at this time.',
      'This is not a judgement of your talent. You are welcome to apply again in the future, when your work has grown.',
      'The identity document you sent us will be deleted from our systems.',
    ],
    closing: 'We wish you every success,\nThe {site} team',
  },
  es: {
    subject: 'Sobre tu solicitud',
    greeting: 'Hola, {name}:',
    paragraphs: [
      'Gracias por solicitar unirte a la agencia y por el tiempo que dedicaste a contarnos sobre ti.',
      'Revisamos cada solicitud con atención y solo podemos aceptar a un número reducido de creadores. Tras considerarlo detenidamente, por ahora no podemos ofrecerte un lugar.',
      'No es un juicio sobre tu talento. Puedes volver a presentar tu solicitud en el futuro, cuando tu trabajo haya crecido.',
      'El documento de identidad que nos enviaste se eliminará de nuestros sistemas.',
    ],
    closing: 'Te deseamos mucho éxito,\nEl equipo de {site}',
  },
  pt: {
    subject: 'Sobre sua inscrição',
    greeting: 'Olá, {name},',
    paragraphs: [
      'Obrigado por se candidatar à agência e pelo tempo que dedicou a nos contar sobre você.',
      'Analisamos cada inscrição com cuidado e só podemos aceitar um pequeno número de criadores. Depois de uma análise atenta, não podemos oferecer uma vaga a você neste momento.',
      'Isso não é um julgamento do seu talento. Você pode se candidatar novamente no futuro, quando seu trabalho tiver crescido.',
      'O documento de identidade que você nos enviou será apagado dos nossos sistemas.',
    ],
    closing: 'Desejamos muito sucesso a você,\nA equipe da {site}',
  },
};

/** A courteous answer to a rejected applicant, in the language they applied in. */
export function rejectionMail(options: {
  to: string;
  firstName: string;
  language: Language;
  siteName: string;
}): MailMessage {
  const t = rejectionTexts[options.language];
  return composeMail({
    to: options.to,
    language: options.language,
    subject: t.subject,
    blocks: [
      t.greeting.replace('{name}', options.firstName),
      ...t.paragraphs,
      t.closing.replace('{site}', options.siteName),
    ],
  });
}
