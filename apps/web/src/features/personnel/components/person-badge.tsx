import { Avatar } from '@mantine/core';
import type { Person } from '@slat/contracts';
import { badgeColor, badgeTextColor, personInitials } from './personnel-logic';

/** §2: the person's initials on their badge colour (decorative: the name is always beside it). */
export function PersonBadge({
  person,
  size = 'md',
}: {
  person: Pick<Person, 'id' | 'name' | 'badgeColor'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  const color = badgeColor(person);
  return (
    <Avatar
      size={size}
      radius="xl"
      aria-hidden
      styles={{ placeholder: { backgroundColor: color, color: badgeTextColor(color), fontWeight: 700 } }}
    >
      {personInitials(person.name)}
    </Avatar>
  );
}
