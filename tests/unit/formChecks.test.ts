import { describe, expect, it } from 'vitest';
import { checkChangePassword, MESSAGES } from '../../api/auth';
import { ChangePasswordBody } from '../../api/auth.schemas';
import { checkAddWallet } from '../../api/user';
import { AddWalletBody } from '../../api/user.schemas';

type Issues = { issues: { path: PropertyKey[]; message: string }[] };

/**
 * What the server's schema answers for `input`, in the plain check's terms: the parsed body, or the first message
 * per field of a failed parse, in issue order (what the settings form shows).
 */
function schemaAnswer(
  schema: {
    safeParse: (input: unknown) => { success: true; data: unknown } | { success: false; error: Issues };
  },
  input: unknown,
) {
  const parsed = schema.safeParse(input);
  if (parsed.success) return { body: parsed.data };
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message;
  return { fields };
}

// The browser checks the settings forms without zod; the server validates with the schemas. Both must agree.
describe('checkAddWallet agrees with AddWalletBody', () => {
  const cases: { walletAddress: string; chain?: string }[] = [
    { walletAddress: '' },
    { walletAddress: '   ' },
    { walletAddress: 'x'.repeat(129) },
    { walletAddress: 'not a wallet' },
    { walletAddress: ' 0x52908400098527886E0F7030069857D2E4169EE7 ' },
    { walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7', chain: 'evm' },
    { walletAddress: '0x52908400098527886E0F7030069857D2E4169EE7', chain: 'solana' },
    { walletAddress: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW', chain: 'tron' },
    { walletAddress: 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd02', chain: 'cosmos' },
    { walletAddress: 'cosmos1hsk6jryyqjfhp5dhc55tc9jtckygx0eph6dd03' },
    { walletAddress: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T' },
  ];
  it.each(cases)('%o', (input) => {
    expect(checkAddWallet(input)).toEqual(schemaAnswer(AddWalletBody, input));
  });
});

describe('checkChangePassword agrees with ChangePasswordBody', () => {
  const cases = [
    { oldPassword: '', newPassword: '' },
    { oldPassword: '', newPassword: 'abcdefg1' },
    { oldPassword: 'old', newPassword: 'short1' },
    { oldPassword: 'old', newPassword: 'onlyletters' },
    { oldPassword: 'old', newPassword: '12345678' },
    { oldPassword: 'x'.repeat(257), newPassword: 'abcdefg1' },
    { oldPassword: 'old', newPassword: `a1${'x'.repeat(255)}` },
    { oldPassword: 'old', newPassword: 'abcdefg1' },
  ];
  it.each(cases)('%o', (input) => {
    expect(checkChangePassword(input)).toEqual(schemaAnswer(ChangePasswordBody, input));
  });

  it('names the rule for a weak new password', () => {
    expect(checkChangePassword({ oldPassword: 'old', newPassword: 'weak' })).toEqual({
      fields: { newPassword: MESSAGES.passwordRule },
    });
  });
});
