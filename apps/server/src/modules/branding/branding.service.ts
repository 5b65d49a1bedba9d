import { BRANDING_ELEMENT_ID, type Branding } from '@slat/contracts';
import type { Db } from '../../db/database';
import { withJsonBlock } from '../../lib/html-blocks';
import * as repo from './branding.repository';

/** The login branding stored for a hosting domain (any port, any case); nulls when none. */
export async function findBranding(db: Db, host: string): Promise<Branding> {
  const domain = host.trim().toLowerCase().replace(/:\d+$/, '');
  const row = await repo.findBrandingByHost(db, domain);
  return { logoUrl: row?.logoUrl ?? null, backgroundColor: row?.backgroundColor ?? null };
}

/** The sign-in document with its host's branding in a JSON block. */
export function withBranding(html: string, branding: Branding): string {
  return withJsonBlock(html, BRANDING_ELEMENT_ID, branding);
}
