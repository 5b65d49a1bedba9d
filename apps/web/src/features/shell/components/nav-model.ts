import type { Workflow } from '@slat/contracts';

/** Where an item goes: a page, or a workflow's board. */
type NavTarget =
  | { to: '/dashboard' | '/contacts' | '/personnel' | '/orders' | '/documents' | '/settings' }
  | { to: '/workflows/$workflowSlug'; params: { workflowSlug: string } };

export type NavItem = NavTarget & {
  key: string;
  /** A translation key, or the workflow's own name. */
  label:
    | {
        key:
          | 'nav.dashboard'
          | 'nav.contacts'
          | 'nav.personnel'
          | 'nav.orders'
          | 'nav.documents'
          | 'nav.settings';
      }
    | { text: string };
  warning?: boolean;
};

export type NavSection = {
  key: 'main' | 'deals' | 'purchasing' | 'bottom';
  title?: 'nav.deals' | 'nav.purchasing';
  items: NavItem[];
};

type NavInput = {
  sales: boolean;
  personnelFlag: boolean;
  workflows: Pick<Workflow, 'id' | 'slug' | 'name' | 'isActive'>[];
  addressMissing: boolean;
};

/**
 * Foundation §2: Dashboard; Deals (active workflows, Contacts, Personnel with its flag) only with
 * the sales module; Purchasing (Orders, Documents) titled only with sales; Settings at the bottom,
 * with a warning when the company address is empty.
 */
export function buildNav({ sales, personnelFlag, workflows, addressMissing }: NavInput): NavSection[] {
  const sections: NavSection[] = [
    { key: 'main', items: [{ key: 'dashboard', to: '/dashboard', label: { key: 'nav.dashboard' } }] },
  ];
  if (sales) {
    const items: NavItem[] = workflows
      .filter((w) => w.isActive)
      .map((w) => ({
        key: `workflow-${w.id}`,
        to: '/workflows/$workflowSlug' as const,
        params: { workflowSlug: w.slug },
        label: { text: w.name },
      }));
    items.push({ key: 'contacts', to: '/contacts', label: { key: 'nav.contacts' } });
    if (personnelFlag) items.push({ key: 'personnel', to: '/personnel', label: { key: 'nav.personnel' } });
    sections.push({ key: 'deals', title: 'nav.deals', items });
  }
  sections.push({
    key: 'purchasing',
    ...(sales ? { title: 'nav.purchasing' as const } : {}),
    items: [
      { key: 'orders', to: '/orders', label: { key: 'nav.orders' } },
      { key: 'documents', to: '/documents', label: { key: 'nav.documents' } },
    ],
  });
  sections.push({
    key: 'bottom',
    items: [{ key: 'settings', to: '/settings', label: { key: 'nav.settings' }, warning: addressMissing }],
  });
  return sections;
}

/** The item is current when the path is its page or below it. */
export function isNavItemActive(
  item: { to: string; params?: { workflowSlug: string } },
  pathname: string,
): boolean {
  const slug = item.params?.workflowSlug;
  const path = slug === undefined ? item.to : item.to.replace('$workflowSlug', () => slug);
  return pathname === path || pathname.startsWith(`${path}/`);
}
