import type { TLanguage } from '@zaryad/contracts';

// Mail texts live here rather than in the contracts catalogue: the web app never shows them.
const TEXTS: Record<TLanguage, { subject: string; body: (name: string, link: string) => string }> = {
  ru: {
    subject: 'Zaryad: восстановление пароля',
    body: (name, link) =>
      `Здравствуйте, ${name}!\n\nЧтобы задать новый пароль, перейдите по ссылке (она действует один час и только один раз):\n${link}\n\nЕсли вы не запрашивали восстановление, просто проигнорируйте это письмо.`,
  },
  en: {
    subject: 'Zaryad: password recovery',
    body: (name, link) =>
      `Hello, ${name}!\n\nTo set a new password, open this link (it works once, within one hour):\n${link}\n\nIf you did not ask to recover your password, ignore this mail.`,
  },
  ky: {
    subject: 'Zaryad: сырсөздү калыбына келтирүү',
    body: (name, link) =>
      `Саламатсызбы, ${name}!\n\nЖаңы сырсөз коюу үчүн бул шилтемени ачыңыз (ал бир саат ичинде бир гана жолу иштейт):\n${link}\n\nЭгер сиз сырсөздү калыбына келтирүүнү сураган эмес болсоңуз, бул катка көңүл бурбаңыз.`,
  },
};

export const passwordResetMail = (language: TLanguage, name: string, link: string) => ({
  subject: TEXTS[language].subject,
  text: TEXTS[language].body(name, link),
});
