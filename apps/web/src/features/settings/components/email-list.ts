import { isEmailAddress, splitEmailList } from '@slat/contracts';

export type EmailProblem = 'invalid' | 'duplicate';
export type EmailChip = { address: string; problem: EmailProblem | null };

/** One chip per address of a comma-separated list: invalid, a repeat (case-insensitive) or fine. */
export function emailChips(value: string): EmailChip[] {
  const seen = new Set<string>();
  return splitEmailList(value).map((address) => {
    if (!isEmailAddress(address)) return { address, problem: 'invalid' };
    const key = address.toLowerCase();
    if (seen.has(key)) return { address, problem: 'duplicate' };
    seen.add(key);
    return { address, problem: null };
  });
}

/** What is wrong with the list as a whole, first problem first (foundation §5 Company). */
export function emailListProblem(value: string, required: boolean): 'required' | EmailProblem | undefined {
  const chips = emailChips(value);
  if (required && chips.length === 0) return 'required';
  return chips.find((c) => c.problem)?.problem ?? undefined;
}
