import { EMAIL_LOGIN_RULES } from '@portico/core/internal'
import type { OutgoingMail } from '../mail/mail.js'
import type { CodePurpose, createCodeStore } from './codes.js'

/** Issues a code for `codeKey` and mails it to `address`, saying what it is for. */
export function createCodeMailer(
  codes: ReturnType<typeof createCodeStore>,
  send: (mail: OutgoingMail) => Promise<void>,
) {
  return async function sendCode(address: string, codeKey: string, purpose: CodePurpose) {
    const { code } = codes.issue(codeKey, purpose)
    const minutes = EMAIL_LOGIN_RULES.otpTtlMs / 60_000
    const what =
      purpose === 'login'
        ? 'sign in to your Portico devnet wallet'
        : purpose === 'update-primary'
          ? 'confirm that you want to change your email address'
          : 'confirm your new email address'
    await send({
      to: address,
      subject: `Your Portico devnet code: ${code}`,
      text: [
        `Your code is ${code}`,
        '',
        `Enter it to ${what}. It expires in ${minutes} minutes and allows ${EMAIL_LOGIN_RULES.otpMaxTries} tries.`,
        'If you did not ask for it, ignore this message.',
      ].join('\n'),
    })
  }
}
