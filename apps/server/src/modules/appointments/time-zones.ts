/** The instant at which the wall clock in `zone` reads `local` ('yyyy-MM-dd HH:mm:ss'). */
export function localToInstant(local: string, zone: string): Date {
  const [date, time] = local.split(' ');
  const [y, mo, d] = date!.split('-').map(Number);
  const [h, mi, s] = time!.split(':').map(Number);
  const asUtc = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  // Offset of the zone at that moment, found by formatting the guess back in the zone (twice,
  // so a guess that lands across a daylight-saving change settles).
  let guess = asUtc;
  for (let i = 0; i < 2; i++) guess = asUtc - offsetMs(new Date(guess), zone);
  return new Date(guess);
}

function offsetMs(at: Date, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const wall = Date.UTC(
    +parts.year!,
    +parts.month! - 1,
    +parts.day!,
    +parts.hour!,
    +parts.minute!,
    +parts.second!,
  );
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}
