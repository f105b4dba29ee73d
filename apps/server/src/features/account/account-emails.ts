import { BRAND } from '@tonemark/shared';
import type { MailMessage } from '../email/mailer.ts';

// The texts of the account e-mails. Links sit on lines of their own so every mail client makes
// them clickable and the outbox can pick them out.

export function resetPasswordEmail(to: string, link: string): MailMessage {
  return {
    to,
    subject: `Reset your ${BRAND} password`,
    text: [
      `Someone asked to reset the password of the ${BRAND} account for ${to}.`,
      '',
      'To choose a new password, open this link within one hour:',
      link,
      '',
      'The link works once. Every device signed in to the account will be signed out.',
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n'),
  };
}

export function verifyEmailMessage(to: string, link: string): MailMessage {
  return {
    to,
    subject: `Verify your e-mail address for ${BRAND}`,
    text: [
      `Welcome to ${BRAND}. Please confirm that ${to} is your address:`,
      link,
      '',
      'The link works for seven days.',
    ].join('\n'),
  };
}

export function changeEmailMessage(to: string, link: string): MailMessage {
  return {
    to,
    subject: `Confirm your new e-mail address for ${BRAND}`,
    text: [
      `Your ${BRAND} account asked to use ${to} from now on. To confirm, open this link within 24 hours:`,
      link,
      '',
      'Until you do, the account keeps its current address.',
    ].join('\n'),
  };
}

export function emailChangedNotice(to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: `Your ${BRAND} e-mail address was changed`,
    text: [
      `The ${BRAND} account that used ${to} now uses ${newEmail}.`,
      'If you did not do this, reset your password at once and contact support.',
    ].join('\n'),
  };
}

export function passwordChangedNotice(to: string): MailMessage {
  return {
    to,
    subject: `Your ${BRAND} password was changed`,
    text: [
      `The password of your ${BRAND} account was changed and other devices were signed out.`,
      'If you did not do this, reset your password at once.',
    ].join('\n'),
  };
}
