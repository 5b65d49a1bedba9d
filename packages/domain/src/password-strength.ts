export type PasswordStrength = {
  score: 0 | 1 | 2 | 3 | 4;
  label: 'Very weak' | 'Weak' | 'Fair' | 'Good' | 'Strong';
};

const LABELS: PasswordStrength['label'][] = ['Very weak', 'Weak', 'Fair', 'Good', 'Strong'];
const COMMON = new Set([
  'password',
  'password1',
  '12345678',
  '123456789',
  'qwertyui',
  'iloveyou',
  'letmein1',
  'welcome1',
]);

/**
 * A rough strength score for the reset-password indicator: length and character variety,
 * with repeated or sequential runs and common passwords pulled down.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (password.length === 0 || COMMON.has(password.toLowerCase())) return { score: 0, label: LABELS[0]! };
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((r) => r.test(password)).length;
  let points = 0;
  if (password.length >= 8) points += 1;
  if (password.length >= 12) points += 1;
  if (password.length >= 16) points += 1;
  points += Math.max(0, classes - 1);
  if (/(.)\1{2,}/.test(password)) points -= 1;
  if (/(?:0123|1234|2345|3456|4567|5678|6789|abcd|bcde|cdef|qwer|asdf)/i.test(password)) points -= 1;
  const uniqueRatio = new Set(password).size / password.length;
  if (uniqueRatio < 0.5) points -= 1;
  const score = Math.min(4, Math.max(0, points)) as PasswordStrength['score'];
  return { score, label: LABELS[score]! };
}
